// Page routes of spec section 2. The backend uses them to answer 200 or 404 for a page path;
// the apps' routers use them to match. Matching is case-insensitive.

export const PUBLIC_PAGE_PATHS = [
  '/',
  '/photo-form',
  '/photo-quote-tool',
  '/embed/photo-quote',
  // The customer's own page (issue 36): sign in by link, then everything of theirs.
  '/account',
] as const;

export const ADMIN_BASE = '/admin';
export const ADMIN_PAGE_PATHS = [
  '/admin',
  '/admin/photo-submissions',
  '/admin/appointment-scheduling',
  '/admin/scheduling',
  '/admin/call-logs',
  '/admin/ai-responses',
  '/admin/faq-management',
  '/admin/settings',
  '/admin/messenger-conversations',
  '/admin/requests',
  '/admin/texts',
  '/admin/customers',
  '/admin/board',
  '/admin/invoices',
  '/admin/payments',
] as const;

export const normalizePagePath = (path: string) => {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
};

/**
 * Public pages whose path carries a value (a quote's token). The value keeps its case (tokens are
 * base64url); the fixed part matches in any case. `/quote` alone is no page.
 */
export const PUBLIC_PAGE_PATTERNS = [
  { page: '/quote/:token', pattern: /^\/quote\/[A-Za-z0-9_-]{1,128}$/i },
  // A visit reminder's link (the customer confirms, reschedules or cancels).
  { page: '/visit/:token', pattern: /^\/visit\/[A-Za-z0-9_-]{1,128}$/i },
  // A service plan's re-service reminder (the customer picks a slot for the job that is due).
  { page: '/plan-visit/:token', pattern: /^\/plan-visit\/[A-Za-z0-9_-]{1,128}$/i },
  // A sign-in link: opening it spends nothing; the page's Continue button does (issue 36).
  { page: '/account/continue/:token', pattern: /^\/account\/continue\/[A-Za-z0-9_-]{1,128}$/i },
  // An invoice's link (the customer sees what is owed and pays it).
  { page: '/invoice/:token', pattern: /^\/invoice\/[A-Za-z0-9_-]{1,128}$/i },
] as const;

export type PublicPage = (typeof PUBLIC_PAGE_PATHS)[number] | (typeof PUBLIC_PAGE_PATTERNS)[number]['page'];

/** The public page a path shows (a quote link gives '/quote/:token', a visit link '/visit/:token'), or null for the 404 page. */
export function publicPageOf(path: string): PublicPage | null {
  const normalized = normalizePagePath(path);
  const fixed = PUBLIC_PAGE_PATHS.find((p) => p === normalized);
  if (fixed) return fixed;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_PAGE_PATTERNS.find((p) => p.pattern.test(trimmed))?.page ?? null;
}

export const isPublicPage = (path: string) => publicPageOf(path) !== null;

/** Admin pages whose path carries a record's id: a customer's timeline. */
export const ADMIN_PAGE_PATTERNS = [
  { page: '/admin/customers/:id', pattern: /^\/admin\/customers\/[1-9][0-9]{0,15}$/ },
] as const;
export const customerPagePath = (id: number) => `/admin/customers/${id}`;

export const isAdminPage = (path: string) => {
  const normalized = normalizePagePath(path);
  return (
    (ADMIN_PAGE_PATHS as readonly string[]).includes(normalized) ||
    ADMIN_PAGE_PATTERNS.some((p) => p.pattern.test(normalized))
  );
};

export const NOT_FOUND_TEXT = '404 Page Not Found';
