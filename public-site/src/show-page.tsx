import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Takes over the page the build prerendered (src/prerender): hydration keeps the HTML already on
 * screen and only attaches behaviour. As a transition, React hydrates in slices and lets the
 * browser paint and respond between them, instead of one long task on a slow phone; an input
 * before it is done hydrates its part at once. The Vite dev server sends an empty #root: render it.
 */
export function showPage(page: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, page));
  else createRoot(root).render(page);
}
