import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { PICTURES_ONLY, TAKING_PICTURES } from './scripts/pictures.ts';

// Override when another run already uses the port on this machine.
const PORT = Number(process.env.WASHDESK_E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// Two more servers: a fresh database without demo data (empty states) and a busy one with
// thousands of rows (lists that must stay fast). Each has its own data folder.
const EMPTY_PORT = PORT + 1;
const VOLUME_PORT = PORT + 2;

// This file is evaluated by the runner and again by every worker; the environment carries the
// runner's choices to the workers, so there is one fresh data folder and one account per run.
process.env.WASHDESK_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-e2e-'));
process.env.WASHDESK_E2E_EMPTY_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-e2e-empty-'));
process.env.WASHDESK_E2E_VOLUME_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-e2e-volume-'));
// A throwaway owner on a throwaway database; the admin tests sign in with it.
process.env.WASHDESK_E2E_OWNER_EMAIL ??= 'e2e-owner@washdesk.example';
process.env.WASHDESK_E2E_OWNER_PASSWORD ??= 'e2e-owner-password-not-secret';

export default defineConfig({
  fullyParallel: true,
  // Hang guards, not measurements: every check waits for a state (a heading, a row, a toast), and
  // on a 2-core machine with its other core busy a first screen load can take longer than
  // Playwright's default 5 s. A test that hangs still fails, after these.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  // Tests that only take screenshots for people to look at run under `npm run screenshots`.
  grepInvert: TAKING_PICTURES ? undefined : PICTURES_ONLY,
  workers: 2,
  outputDir: '.test-output/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // A test tool's browser download fails on these machines; Debian's chromium is used instead.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    // A trace costs a quarter of each test's time on these machines, and CI keeps no artifacts
    // (it reads the printed error): recorded only on a developer's machine, for failures.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    { name: 'public-site', testDir: './public-site/e2e', testMatch: '**/*.spec.ts' },
    {
      name: 'admin',
      testDir: './admin/e2e',
      testMatch: '**/*.spec.ts',
      testIgnore: ['empty/**', 'volume/**'],
    },
    // The desktop app's connect screen in Chromium (build it first), and its Electron run where a
    // binary exists (skipped, saying so, where it does not).
    { name: 'desktop', testDir: './desktop/e2e', testMatch: '**/*.spec.ts' },
    {
      name: 'admin-empty',
      testDir: './admin/e2e/empty',
      testMatch: '**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${EMPTY_PORT}` },
    },
    {
      name: 'admin-volume',
      testDir: './admin/e2e/volume',
      testMatch: '**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${VOLUME_PORT}` },
    },
  ],
  // The real backend, serving the built apps (run `npm run build` first).
  webServer: [
    server(PORT, process.env.WASHDESK_E2E_DATA_DIR, { DEMO_DATA: 'on' }),
    server(EMPTY_PORT, process.env.WASHDESK_E2E_EMPTY_DATA_DIR, { DEMO_DATA: 'off' }),
    server(VOLUME_PORT, process.env.WASHDESK_E2E_VOLUME_DATA_DIR, { DEMO_DATA: 'off' }, 'volume'),
  ],
});

function server(port: number, dataDir: string, env: Record<string, string>, seed?: 'volume') {
  // The production server entry, with password hashing at the tests' cost (see that file).
  const start = 'npx tsx backend/src/test/e2e-app-server.ts';
  return {
    command: seed ? `npx tsx backend/scripts/seed-volume.ts && ${start}` : start,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A readiness wait, not a measurement: a quick server is ready in seconds whatever this says,
    // and a start (or the volume seed) on a machine whose other core is busy must not fail a run.
    timeout: 600_000,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Each server's backups stay in its own temporary folder (backups-tab.spec.ts takes one).
      BACKUP_DIR: path.join(dataDir, 'backups'),
      OWNER_EMAIL: process.env.WASHDESK_E2E_OWNER_EMAIL!,
      OWNER_PASSWORD: process.env.WASHDESK_E2E_OWNER_PASSWORD!,
      // Browser tests fill the public forms many times a minute from one address.
      RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      // A test run may serve builds of its own (see .env.example).
      ...(process.env.PUBLIC_SITE_DIST ? { PUBLIC_SITE_DIST: process.env.PUBLIC_SITE_DIST } : {}),
      ...(process.env.ADMIN_DIST ? { ADMIN_DIST: process.env.ADMIN_DIST } : {}),
    },
  };
}
