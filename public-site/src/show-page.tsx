import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { keepEarlyInput } from './early-input.ts';

/**
 * Takes over the page the build prerendered (src/prerender): hydration keeps the HTML already on
 * screen and only attaches behaviour. As a transition, React hydrates in slices and lets the
 * browser paint and respond between them, instead of one long task on a slow phone; an input
 * before it is done hydrates its part at once. The Vite dev server sends an empty #root: render it.
 */
export function showPage(page: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  if (root.firstElementChild) {
    const replayInput = keepEarlyInput(root);
    startTransition(() => void hydrateRoot(root, <PageReady onReady={replayInput}>{page}</PageReady>));
  } else createRoot(root).render(<PageReady>{page}</PageReady>);
}

/**
 * Marks the page as answering input (`<html data-ready="true">`) once React has taken it over.
 * Until then the prerendered HTML is only a picture of the form; browser tests wait for the mark
 * before they type or choose files, as a visitor on a fast connection would find it.
 */
function PageReady({ children, onReady }: { children: ReactNode; onReady?: () => void }) {
  useEffect(() => {
    onReady?.();
    document.documentElement.dataset.ready = 'true';
  }, [onReady]);
  return children;
}
