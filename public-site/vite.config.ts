import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from '../scripts/precompress-build.ts';
import { prerenderPages } from './build/prerender-pages.ts';

// In development the backend (npm start, port 3000) answers /api; the built site is served by it.
const backend = process.env.WASHDESK_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Each page's HTML is rendered at build time; `chunk` is the lazy page module it shows
    // (src/PublicSite.tsx). The embed's own build prerenders its page too (vite.embed.config.ts).
    prerenderPages({
      build: 'site',
      template: 'index.html',
      pages: [
        { path: '/', chunk: 'src/pages/RequestWizardPage.tsx' },
        { path: '/photo-form', chunk: 'src/pages/PhotoFormPage.tsx' },
        { path: '/photo-quote-tool', chunk: 'src/pages/QuoteToolPage.tsx' },
        { path: '/embed/photo-quote', chunk: 'src/pages/QuoteToolPage.tsx' },
        // One file for every quote link; the token is read in the browser.
        { path: '/quote/prerendered', file: 'pages/quote.html', chunk: 'src/pages/QuotePage.tsx' },
        // One file for every visit link (a reminder's), the same way.
        { path: '/visit/prerendered', file: 'pages/visit.html', chunk: 'src/pages/VisitPage.tsx' },
        // And one for every service plan's slot-pick link.
        {
          path: '/plan-visit/prerendered',
          file: 'pages/plan-visit.html',
          chunk: 'src/pages/PlanVisitPage.tsx',
        },
        // The customer's own page, and one file for every sign-in link (the key is read in the browser).
        { path: '/account', chunk: 'src/pages/AccountPage.tsx' },
        {
          path: '/account/continue/prerendered',
          file: 'pages/account/continue.html',
          chunk: 'src/pages/AccountContinuePage.tsx',
        },
        // And one for every invoice's link.
        { path: '/invoice/prerendered', file: 'pages/invoice.html', chunk: 'src/pages/InvoicePage.tsx' },
        { path: null },
      ],
    }),
    precompressBuild(),
  ],
  server: { proxy: { '/api': backend } },
  preview: { proxy: { '/api': backend } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // backend/bench/public-pages.bench.ts reads it to weigh what each page loads.
    manifest: true,
    // One stylesheet for the whole site (~4 KB compressed), which every page's HTML carries
    // inline (build/prerender-pages.ts); split per page, loading a page's chunk would fetch its
    // part again as a stylesheet.
    cssCodeSplit: false,
  },
});
