import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from '../scripts/precompress-build.ts';
import { signInStyles } from './sign-in-styles.ts';

// In development the backend (npm start, port 3000) answers /api; the built admin is served by it.
const backend = process.env.WASHDESK_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The backend serves this build under /admin, and the router's basename matches.
  base: '/admin/',
  // The backend serves the brotli/gzip twins precompressBuild writes beside each file.
  plugins: [react(), signInStyles(), precompressBuild()],
  server: { proxy: { '/api': backend } },
  preview: { proxy: { '/api': backend } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Blueprint makes the admin's one bundle ~600 kB; staff load it once and it is cached, so the
    // default 500 kB warning would only be noise. Screens get split out when they grow.
    chunkSizeWarningLimit: 800,
    // backend/bench/public-pages.bench.ts reads it to weigh what signed-in staff load next.
    manifest: true,
  },
});
