import { useSyncExternalStore } from 'react';
import { isPublicPage, normalizePagePath, PUBLIC_PAGE_PATHS } from '@washdesk/contract';

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * The page a path shows, or null for the 404 page. Matching is the contract's (case-insensitive,
 * trailing slash ignored), so the site and the server's 200/404 answer never disagree.
 */
export function matchPublicPage(pathname: string): PublicPagePath | null {
  return isPublicPage(pathname) ? (normalizePagePath(pathname) as PublicPagePath) : null;
}

// The site has four pages and no in-app links between them yet, so the browser's own history is
// the whole router: a link is a page load, and back/forward re-render from the current location.
const subscribeToHistory = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const currentPathname = () => window.location.pathname;

/**
 * The page on screen. `prerenderedPath` is the path the build renders to HTML; in the browser the
 * page was prerendered for the current location, so hydration reads that.
 */
export function useCurrentPage(prerenderedPath?: string): PublicPagePath | null {
  const serverPathname = prerenderedPath === undefined ? currentPathname : () => prerenderedPath;
  return matchPublicPage(useSyncExternalStore(subscribeToHistory, currentPathname, serverPathname));
}
