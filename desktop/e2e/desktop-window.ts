import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ConnectionState, ServerCheck } from '../src/shared/desktop-bridge.ts';
import { desktopSettings } from '../src/main/desktop-settings.main.ts';
import { contentSecurityPolicy } from '../src/main/renderer-csp.main.ts';
import { checkServer } from '../src/main/server-check.main.ts';

// The desktop window without the Electron binary: Debian's Chromium shows the built connect page
// (desktop/out/renderer, under the CSP main serves it with on washdesk://app), and the preload's
// bridge calls the REAL main-process code in this Node process (server check, settings file).
// What main then does, loading the server's own /admin into the window, the test does with goto.

const RENDERER_DIR = path.resolve(import.meta.dirname, '../out/renderer');
/** Stands in for washdesk://app, which only Electron can register. */
export const APP_ORIGIN = 'http://washdesk-app.test';

export async function openDesktopWindow(
  page: Page,
  state: Pick<ConnectionState, 'serverUrl' | 'reason' | 'problem'> & { setByEnvironment?: boolean },
) {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html')))
    throw new Error('Build the desktop app first: npm run build -w @washdesk/desktop');
  const settings = desktopSettings(fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-desktop-e2e-')));
  let opened: (serverUrl: string) => void = () => {};
  const adminOpened = new Promise<string>((resolve) => (opened = resolve));

  await page.route(`${APP_ORIGIN}/**`, (route) => {
    const file = path.join(RENDERER_DIR, new URL(route.request().url()).pathname);
    const exists =
      file.startsWith(`${RENDERER_DIR}${path.sep}`) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    return route.fulfill({
      path: exists ? file : path.join(RENDERER_DIR, 'index.html'),
      headers: { 'Content-Security-Policy': contentSecurityPolicy() },
    });
  });
  await page.exposeFunction('__mainConnectionState', (): ConnectionState => ({
    setByEnvironment: false,
    ...state,
  }));
  await page.exposeFunction('__mainCheckServer', (url: string): Promise<ServerCheck> => checkServer(url));
  await page.exposeFunction('__mainConnect', async (url: string): Promise<ServerCheck> => {
    const check = await checkServer(url);
    if (check.ok) {
      settings.saveServer(check.serverUrl);
      opened(check.serverUrl);
    }
    return check;
  });
  // What the preload exposes: named functions forwarding plain strings to main.
  await page.addInitScript(() => {
    const main = window as unknown as Record<string, (...args: string[]) => Promise<unknown>>;
    Object.defineProperty(window, 'desktop', {
      value: Object.freeze({
        appVersion: async () => '0.1.0',
        connectionState: () => main.__mainConnectionState!(),
        checkServer: (url: string) => main.__mainCheckServer!(String(url)),
        connect: (url: string) => main.__mainConnect!(String(url)),
      }),
    });
  });
  await page.goto(`${APP_ORIGIN}/`);
  return {
    settings,
    /** Resolves with the server once the page asked main to connect and main saved it. */
    adminOpened,
    /** What main does next: the server's own admin in the same window. */
    showAdmin: (serverUrl: string) => page.goto(`${serverUrl}/admin`),
  };
}
