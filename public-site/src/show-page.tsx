import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Takes over the page the build prerendered (src/prerender): hydration keeps the HTML already on
 * screen and only attaches behaviour. The Vite dev server sends an empty #root: render it.
 */
export function showPage(page: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  if (root.firstElementChild) hydrateRoot(root, page);
  else createRoot(root).render(page);
}
