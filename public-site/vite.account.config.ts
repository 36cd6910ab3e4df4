import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from '../scripts/precompress-build.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { REACT_ON_PREACT } from './build/react-on-preact-aliases.ts';

/**
 * The customer's own pages' build (/account and a sign-in link's page; issue 36 asks for "the
 * public site's light stack, fast"): the same React components, rendered by Preact's core through
 * the few React APIs they use (src/embed/react-on-preact.ts), as the embed's build does. React
 * 19's renderer is most of the whole site's first script; on a mid-range phone, running it is what
 * held the signed-in page's Lighthouse score under 95 (long tasks: Total Blocking Time). The
 * pages are prerendered from the same tree as the whole site's build (which keeps its own copy
 * for the Vite dev server and older builds); the server sends this build's when it exists
 * (backend/src/pages/pages.ts). The account browser tests run against this build.
 */
export default defineConfig({
  base: '/account/',
  // The site's icons are the whole site's build's (public/); nothing to copy again.
  publicDir: false,
  plugins: [
    react(),
    prerenderPages({
      build: 'site',
      template: 'account.html',
      pages: [
        { path: '/account', file: 'account.html' },
        { path: '/account/continue/prerendered', file: 'continue.html' },
      ],
    }),
    precompressBuild(),
  ],
  resolve: { alias: REACT_ON_PREACT },
  build: {
    outDir: 'dist/account',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: { input: 'account.html' },
  },
});
