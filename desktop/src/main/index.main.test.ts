import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_BASE, routeOfEvent, SESSION_COOKIE } from '@washdesk/contract';
import {
  app,
  appState,
  cookieJar,
  errorBoxes,
  fakeChanges,
  FakeBrowserWindow,
  FakeNotification,
  FakeTray,
  ipcHandlers,
  resetFakeElectron,
} from '../test/fake-electron.ts';
import { startTestServer, wizardRequest, type TestServer } from '../test/live-backend.ts';
import { stateWatcher } from '../test/wait-for.ts';
import { IPC_CHANNELS, type ConnectionState, type ServerCheck } from '../shared/desktop-bridge.ts';

// The desktop app's real main process (index.main.ts, as electron-vite bundles it) with Electron's
// objects replaced by the recorders of fake-electron.ts; the backend, its event stream, the
// session cookie and every HTTP call are real. The other main tests check each part; this one
// checks that index.main.ts wires them together.
vi.mock('electron', async () => (await import('../test/fake-electron.ts')).electronModule);

let server: TestServer | undefined;
afterEach(async () => {
  app.emit('before-quit');
  resetFakeElectron();
  delete process.env.WASHDESK_SERVER_URL;
  await server?.stop();
  server = undefined;
});

/** Counts the event streams the server opened (their response head sent), so events are sent only to a listener. */
function countOpenedStreams(s: TestServer, changed: () => void) {
  const streams = { opened: 0 };
  s.server.prependListener('request', (req, res: ServerResponse) => {
    if (!req.url?.startsWith('/api/events')) return;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      const written = writeHead(...args);
      if (res.statusCode === 200) streams.opened++;
      changed();
      return written;
    }) as typeof res.writeHead;
  });
  return streams;
}

let launches = 0;
/**
 * Runs index.main.ts afresh, as launching the app does, on an empty data folder. A new query makes
 * a new instance of that module only (vi.resetModules would also make a second fake electron).
 */
async function launch() {
  appState.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-desktop-'));
  await import(/* @vite-ignore */ `./index.main.ts?launch=${++launches}`);
}

async function launchDesktop() {
  const watch = stateWatcher();
  fakeChanges.add(watch.changed);
  await launch();
  const window = () => FakeBrowserWindow.created[0];
  return {
    watch,
    window,
    /** Waits until the window shows this address. */
    shows: (url: string) => watch.until(() => window()?.loaded.at(-1) === url),
    settings: () => JSON.parse(fs.readFileSync(path.join(appState.userData, 'settings.json'), 'utf8')),
  };
}

describe('the desktop main process as launched', () => {
  it('opens the pinned server’s admin, follows its events as native notifications, and opens one on click', async () => {
    server = await startTestServer();
    const [name, value] = server.owner.cookie.split('=') as [string, string];
    expect(name).toBe(SESSION_COOKIE);
    // The window's session is signed in on that server, as after staff signed in to its /admin.
    cookieJar.set(new URL(server.url).origin, [{ name, value }]);
    process.env.WASHDESK_SERVER_URL = server.url;

    const desktop = await launchDesktop();
    const streams = countOpenedStreams(server, desktop.watch.changed);
    await desktop.shows(new URL(ADMIN_BASE, server.url).toString());
    await desktop.watch.until(() => streams.opened === 1);
    expect(FakeTray.last?.toolTip).toBe('Washdesk: nothing new');

    await wizardRequest(server, 'Dana');
    await desktop.watch.until(() => FakeNotification.shown.length === 1);
    expect(FakeNotification.shown[0]!.options).toMatchObject({
      title: 'New service request',
      body: 'New request from Dana Whitfield: House Washing',
    });
    expect(FakeTray.last?.toolTip).toBe('Washdesk: 1 new');

    FakeNotification.shown[0]!.click();
    const route = routeOfEvent({ type: 'service-request.created', entityId: null });
    await desktop.shows(new URL(route, server.url).toString());
    expect(desktop.window()!.visible).toBe(true);

    // Staff look at the window: nothing is unread any more.
    desktop.window()!.emit('focus');
    expect(FakeTray.last?.toolTip).toBe('Washdesk: nothing new');
  });

  it('on first run shows the connect screen, and connecting through the bridge saves the server and opens its admin', async () => {
    server = await startTestServer();
    const desktop = await launchDesktop();
    await desktop.shows('washdesk://app/');
    expect(desktop.window()!.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true });

    // The app's own page asks through the preload bridge; main answers only that page.
    const fromAppPage = { senderFrame: { url: 'washdesk://app/', parent: null } };
    const state = (await ipcHandlers.get(IPC_CHANNELS.connectionState)!(fromAppPage)) as ConnectionState;
    expect(state).toMatchObject({ serverUrl: null, reason: 'first-run', setByEnvironment: false });
    const fromServerPage = { senderFrame: { url: `${server.url}/admin`, parent: null } };
    await expect(
      Promise.resolve().then(() => ipcHandlers.get(IPC_CHANNELS.connect)!(fromServerPage, server!.url)),
    ).rejects.toThrow('Not available to this page');

    const check = (await ipcHandlers.get(IPC_CHANNELS.connect)!(fromAppPage, server.url)) as ServerCheck;
    expect(check.ok).toBe(true);
    await desktop.shows(new URL(ADMIN_BASE, server.url).toString());
    expect(desktop.settings().serverUrl).toBe(new URL(server.url).origin);
  });

  it('refuses to start on a WASHDESK_SERVER_URL that is not an address, saying why', async () => {
    process.env.WASHDESK_SERVER_URL = 'not a server';
    // The setting is read before the app is ready: the import alone decides.
    await launch();
    expect(appState.exitCode).toBe(1);
    expect(errorBoxes).toEqual([['Washdesk cannot start', expect.stringContaining('WASHDESK_SERVER_URL')]]);
    expect(FakeBrowserWindow.created).toEqual([]);
  });
});
