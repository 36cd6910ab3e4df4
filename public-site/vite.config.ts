import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the backend (npm start, port 3000) answers /api; the built site is served by it.
const backend = process.env.WASHDESK_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { proxy: { '/api': backend } },
  preview: { proxy: { '/api': backend } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // backend/bench/public-pages.bench.ts reads it to weigh what each page loads.
    manifest: true,
  },
});
