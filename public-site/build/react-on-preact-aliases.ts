import { fileURLToPath } from 'node:url';

/**
 * The light builds (the embed, the customer's own pages) render the site's React components with
 * Preact's core: these aliases send `react`, its JSX runtime and `react-dom/client` to the few
 * React APIs the components use (src/embed/react-on-preact.ts). One list, so the two builds cannot
 * resolve React differently.
 */
const sourceFile = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));

export const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: sourceFile('src/embed/react-dom-client-on-preact.ts') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: sourceFile('src/embed/react-on-preact.ts') },
];
