import { isPublicPage, normalizePagePath, PUBLIC_PAGE_PATHS } from '@washdesk/contract';

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * The page a path shows, or null for the 404 page. Matching is the contract's (case-insensitive,
 * trailing slash ignored), so the site and the server's 200/404 answer never disagree.
 */
export function matchPublicPage(pathname: string): PublicPagePath | null {
  return isPublicPage(pathname) ? (normalizePagePath(pathname) as PublicPagePath) : null;
}
