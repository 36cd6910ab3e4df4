import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import type { SitePage } from './SiteNav.tsx';

interface PageLayoutProps {
  /** The browser tab's title; the page's own heading is part of its children. */
  title: string;
  /** The embedded quote tool lives inside another site's frame, which has its own header. */
  bare?: boolean;
  /** The page the header's navigation marks as the one open. */
  page?: SitePage;
  children: ReactNode;
}

/** Prerendering learns each page's title here, for the HTML's <title>; the browser sets it below. */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

export function PageLayout({ title, bare = false, page, children }: PageLayoutProps) {
  useContext(PageTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (bare) return <main className="page page--bare">{children}</main>;
  return (
    <>
      <SiteHeader current={page} />
      <main className="page">{children}</main>
      <SiteFooter />
    </>
  );
}
