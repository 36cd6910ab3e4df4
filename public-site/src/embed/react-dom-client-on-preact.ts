import { hydrate, render, type ComponentChild } from 'preact';
import './react-on-preact.ts';

// The embed's react-dom/client (vite.embed.config.ts): React 18's root API on Preact's core.
export function createRoot(container: Element) {
  return { render: (page: ComponentChild) => render(page, container) };
}

export function hydrateRoot(container: Element, page: ComponentChild) {
  hydrate(page, container);
  return { render: (next: ComponentChild) => render(next, container) };
}
