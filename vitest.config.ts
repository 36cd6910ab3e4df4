import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// API and unit tests: real HTTP on 127.0.0.1, real SQLite files in temporary folders.
const include = [
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
];

// Most files share their worker's loaded modules with the files run before them in it: loading
// the whole app (app.ts pulls in every feature, and their SDKs) afresh for each of 268 files was
// ~40% of vitest's time. A file that changes what a later file would see runs in a fresh process
// of its own, as every file used to: one that mocks a module or a global, spies, fakes the clock,
// or assigns the environment (the pattern below, matched against each file's text at every run,
// so a new test that mocks is isolated without anyone listing it), or one named below.
const CHANGES_SHARED_STATE =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|spyOn|useFakeTimers|setSystemTime)\(|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/;
const ALWAYS_ISOLATED = [
  // Checks the production password cost; the test server's helper lowers that shared setting
  // (test/affordable-password-cost.ts) for every file loaded after it in a worker.
  'backend/src/auth/password.test.ts',
];

const root = import.meta.dirname;
/** `**` any folders, `*` any name within one: all the patterns above use. */
const patternOf = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/\./g, '\\.')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?')}$`,
  );
const patterns = include.map(patternOf);
/** Every file under `dir` (relative to the root, with `/`), node_modules left out. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
    );
const testFiles = ['contract', 'backend', 'admin', 'public-site', 'scripts', 'desktop']
  .flatMap(filesUnder)
  .filter((file) => patterns.some((pattern) => pattern.test(file)));
const isolated = testFiles
  .filter(
    (file) =>
      ALWAYS_ISOLATED.includes(file) ||
      CHANGES_SHARED_STATE.test(fs.readFileSync(path.join(root, file), 'utf8')),
  )
  .sort();

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: '.test-output/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...isolated], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
});
