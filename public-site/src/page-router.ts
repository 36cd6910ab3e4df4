import { publicPageOf, type PublicPage } from '@washdesk/contract';

export type PublicPagePath = PublicPage;

/**
 * The page a path shows, or null for the 404 page. Matching is the contract's (case-insensitive,
 * trailing slash ignored; a quote link's token keeps its case), so the site and the server's
 * 200/404 answer never disagree.
 */
export function matchPublicPage(pathname: string): PublicPagePath | null {
  return publicPageOf(pathname);
}
