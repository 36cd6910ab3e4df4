import { defineConfig } from 'vitest/config';

// API and unit tests: real HTTP on 127.0.0.1, real SQLite files in temporary folders.
export default defineConfig({
  test: {
    include: [
      'contract/src/**/*.test.ts',
      'backend/src/**/*.test.ts',
      'backend/scripts/**/*.test.ts',
      // Pure logic of the front ends (trends, formatting, upload state): no DOM needed.
      'admin/src/**/*.test.ts',
      'public-site/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      // The desktop app's main-process logic, with Electron mocked (see each test).
      'desktop/src/main/**/*.test.ts',
      // Its packaging: electron-builder.yml checked by electron-builder's schema, and the build.
      'desktop/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: '.test-output/vitest.json' }]],
  },
});
