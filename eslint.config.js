import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WORKSPACES = ['contract', 'backend', 'public-site', 'admin', 'desktop'];

// Who may import whom (ARCHITECTURE "Shape"): everything may import the contract; nothing imports
// the backend, the admin, the desktop app or the public site (the desktop window loads the
// server's /admin, it does not bundle it).
// A workspace is always imported by its package name, never by a relative path into its folder.
const packageOf = (name, message = `Nothing imports @washdesk/${name}.`) => ({
  group: [`@washdesk/${name}`, `@washdesk/${name}/*`],
  message,
});
const relativeInto = (names) => ({
  regex: `^(\\.\\./)+(${names.join('|')})(/|$)`,
  message: 'Import another workspace by its package name (@washdesk/...), never by a path into its folder.',
});
const nodeBuiltins = {
  group: ['node:*', ...builtinModules.filter((m) => !m.startsWith('_'))],
  message: 'This code runs in a browser page: no Node built-ins.',
};
const electron = {
  group: ['electron', 'electron/*'],
  message: 'Only the desktop main and preload use electron.',
};

/** The `no-restricted-imports` rule of one workspace (ESLint replaces the rule per file, never merges it). */
const importsFor = (workspace, ...extra) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...['backend', 'admin', 'desktop', 'public-site']
          .filter((w) => w !== workspace)
          .map((w) => packageOf(w)),
        relativeInto(WORKSPACES.filter((w) => w !== workspace)),
        ...extra,
      ],
    },
  ],
});

// Page code gets values from the bundler (import.meta.env), not from Node's globals.
const noNodeGlobals = {
  'no-restricted-globals': [
    'error',
    'process',
    'Buffer',
    'require',
    'module',
    '__dirname',
    '__filename',
    'global',
  ],
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/out/',
    '.test-output/',
    'test-results/',
    'playwright-report/',
    '**/data/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Node by default: configs, scripts, tests, the backend.
  { languageOptions: { globals: globals.node } },
  {
    files: ['contract/**'],
    languageOptions: { globals: {} },
    rules: importsFor('contract', {
      regex: '^(?!zod(/|$)|\\./|\\.\\./)',
      message: 'The contract is pure declarations: it imports only zod.',
    }),
  },
  // Its tests may use the test runner, of course.
  { files: ['contract/**/*.test.ts'], rules: importsFor('contract') },
  { files: ['backend/**'], rules: importsFor('backend') },
  {
    files: ['public-site/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['public-site/src/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      ...importsFor('public-site', nodeBuiltins, electron, {
        group: ['@blueprintjs/*'],
        message: 'The public pages stay light: no Blueprint.',
      }),
      ...noNodeGlobals,
      'no-console': 'error',
    },
  },
  { files: ['public-site/e2e/**', 'public-site/*.ts'], rules: importsFor('public-site') },
  {
    files: ['admin/src/**'],
    languageOptions: { globals: globals.browser },
    rules: { ...importsFor('admin', nodeBuiltins, electron), ...noNodeGlobals, 'no-console': 'error' },
  },
  { files: ['admin/e2e/**', 'admin/*.ts'], rules: importsFor('admin') },
  { files: ['desktop/**'], rules: importsFor('desktop') },
  {
    files: ['desktop/src/**'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'no-console': 'error' },
  },
  {
    // The renderer is a sandboxed page: it reaches the machine only through the preload bridge.
    files: ['desktop/src/renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: { ...importsFor('desktop', nodeBuiltins, electron), ...noNodeGlobals },
  },
);
