import { t } from '../i18n/i18n.ts';

/** The public pages a visitor can move between (not the embed, which lives in another site's frame). */
export const SITE_PAGES = [
  { path: '/', label: 'layout.nav.request' },
  { path: '/photo-form', label: 'layout.nav.photos' },
  { path: '/photo-quote-tool', label: 'layout.nav.quote' },
] as const;

export type SitePage = (typeof SITE_PAGES)[number]['path'];

/** Plain links: every public page is its own page load (src/PublicSite.tsx). */
export function SiteNav({ current }: { current?: SitePage }) {
  return (
    <nav className="site-nav" aria-label={t('layout.nav')}>
      <ul>
        {SITE_PAGES.map(({ path, label }) => (
          <li key={path}>
            <a href={path} aria-current={path === current ? 'page' : undefined}>
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
