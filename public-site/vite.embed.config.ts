import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from '../scripts/precompress-build.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { REACT_ON_PREACT } from './build/react-on-preact-aliases.ts';
import { shortMessageIds } from './build/short-message-ids.ts';

/**
 * The embed's own build: the same React components, rendered by Preact's core through the few
 * React APIs they use (src/embed/react-on-preact.ts). React 19's renderer alone is ~60 KB gzip;
 * with Preact the page a site owner's visitors download is ≤ 15 KB brotli (issue 31's budget,
 * `npm run bench -- pages`). The full public site keeps React 19; the embed's browser tests run
 * against this build, so the two cannot drift apart unnoticed.
 */
export default defineConfig({
  base: '/embed/',
  plugins: [
    react(),
    // Catalog ids shortened in the code and the catalogs alike (build/short-message-ids.ts).
    shortMessageIds(),
    // Prerendered by React (no Preact renderer is installed); Preact hydrates the same markup.
    prerenderPages({
      build: 'embed',
      template: 'embed.html',
      pages: [{ path: '/embed/photo-quote', file: 'embed.html' }],
    }),
    precompressBuild(),
  ],
  resolve: { alias: REACT_ON_PREACT },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: { input: 'embed.html' },
  },
});
