import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const source = (file: string) => resolve(import.meta.dirname, 'src', file);

// The contract is TypeScript source, so main must bundle it rather than load it from node_modules;
// its package says it has no side effects, so the zod schemas main does not use are dropped.
const bundleTheContract = { externalizeDeps: { exclude: ['@washdesk/contract'] } };

export default defineConfig({
  main: {
    build: {
      ...bundleTheContract,
      rolldownOptions: {
        input: { index: source('main/index.main.ts') },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: source('preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: source('renderer'),
    plugins: [react()],
    build: {
      // Only the connect / retry screen: the admin itself is the server's /admin.
      rolldownOptions: { input: source('renderer/index.html') },
    },
  },
});
