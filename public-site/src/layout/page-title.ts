import { createContext, useContext, useEffect } from 'react';

/** Prerendering learns each page's title here, for the HTML's <title>; the browser sets it below. */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Names the page in the browser tab (and, when prerendering, in the HTML's <title>). */
export function usePageTitle(title: string) {
  useContext(PageTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
