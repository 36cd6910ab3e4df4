import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', testMatch: '*.spec.ts', use: { browserName: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox'] } } });
