/** The public pages a visitor can move between (not the embed, which lives in another site's frame). */
export const SITE_PAGES = [
  { path: '/', label: 'Request an Estimate' },
  { path: '/photo-form', label: 'Send Photos' },
  { path: '/photo-quote-tool', label: 'Instant Quote' },
] as const;

export type SitePage = (typeof SITE_PAGES)[number]['path'];

/** Plain links: every public page is its own page load (src/PublicSite.tsx). */
export function SiteNav({ current }: { current?: SitePage }) {
  return (
    <nav className="site-nav" aria-label="Site">
      <ul>
        {SITE_PAGES.map(({ path, label }) => (
          <li key={path}>
            <a href={path} aria-current={path === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
