import type { ReactNode } from 'react';
import { usePageTitle } from './page-title.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import type { SitePage } from './SiteNav.tsx';
import './site-layout.css';

interface PageLayoutProps {
  /** The browser tab's title; the page's own heading is part of its children. */
  title: string;
  /** The page the header's navigation marks as the one open. */
  page?: SitePage;
  children: ReactNode;
}

/**
 * A page of the site: its header and navigation, the page, its footer. The embedded quote tool
 * lives inside another site's frame, which has its own header: it has a bare page of its own
 * (embed/EmbeddedQuotePage.tsx), so the embed's build carries none of this.
 */
export function PageLayout({ title, page, children }: PageLayoutProps) {
  usePageTitle(title);
  return (
    <>
      <SiteHeader current={page} />
      <main className="page">{children}</main>
      <SiteFooter />
    </>
  );
}
