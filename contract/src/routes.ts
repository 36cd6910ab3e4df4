// Page routes of spec section 2. The backend uses them to answer 200 or 404 for a page path;
// the apps' routers use them to match. Matching is case-insensitive.

export const PUBLIC_PAGE_PATHS = ['/', '/photo-form', '/photo-quote-tool', '/embed/photo-quote'] as const;

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
] as const;

export const normalizePagePath = (path: string) => {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
};

export const isPublicPage = (path: string) =>
  (PUBLIC_PAGE_PATHS as readonly string[]).includes(normalizePagePath(path));

export const isAdminPage = (path: string) =>
  (ADMIN_PAGE_PATHS as readonly string[]).includes(normalizePagePath(path));

export const NOT_FOUND_TEXT = '404 Page Not Found';
