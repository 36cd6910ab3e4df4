import { useEffect } from 'react';

/** The message embed.js listens for (public/embed.js). */
export const EMBED_HEIGHT_MESSAGE = 'washdesk:embed-height';

/**
 * Inside another site's frame, tells the host page how tall this page is whenever that changes,
 * so embed.js sizes the frame to fit and the visitor never scrolls inside it. Only a height is
 * sent, nothing private, so any parent may read it.
 */
export function useReportHeight(active: boolean) {
  useEffect(() => {
    if (!active || window.parent === window) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, [active]);
}
