import path from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { ADMIN_BASE } from '@washdesk/contract';
import type { ConnectionState, ServerCheck } from '../shared/desktop-bridge.ts';
import { showAppMenu } from './app-menu.main.ts';
import { handleBridgeCalls } from './bridge-handlers.main.ts';
import { desktopSettings } from './desktop-settings.main.ts';
import { followEventStream } from './event-stream.main.ts';
import { bringToFront, createMainWindow } from './main-window.main.ts';
import { createNotificationCenter } from './notification-center.main.ts';
import { registerRendererScheme, RENDERER_ORIGIN, serveRenderer } from './renderer-protocol.main.ts';
import { checkServer } from './server-check.main.ts';
import { configuredServer, parseServerUrl, type ConfiguredServer } from './server-url.main.ts';
import { createStaffTray } from './tray.main.ts';
import { enforceWebSecurity } from './web-security.main.ts';
import { reconnectBackoff, sessionCookieOf, sessionCookieChanged } from './session-cookie.main.ts';

// `electron-vite dev` serves the renderer with hot reload and names its URL here.
const devRendererUrl = process.env.ELECTRON_RENDERER_URL;
const appOrigin = devRendererUrl ? new URL(devRendererUrl).origin : RENDERER_ORIGIN;
const resource = (name: string) =>
  app.isPackaged
    ? path.join(process.resourcesPath, 'resources', name)
    : path.join(import.meta.dirname, '../../../resources', name);
const HOUR_MS = 3_600_000;

registerRendererScheme();

let quitting = false;
let mainWindow: BrowserWindow | null = null;
let server: ConfiguredServer | null = null;
let connection: Pick<ConnectionState, 'reason' | 'problem'> = { reason: 'first-run', problem: null };
let stream: ReturnType<typeof followEventStream> | null = null;
let pauseTimer: NodeJS.Timeout | undefined;

const settings = desktopSettings(app.getPath('userData'));
const shortTime = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

const notifications = createNotificationCenter({
  isMuted: (kind) => settings.isMuted(kind),
  openRoute: (route) => openAdmin(route),
  onUnread: () => refreshMenus(),
  staffIsLooking: () => Boolean(mainWindow?.isFocused()),
  icon: resource('washdesk-icon.png'),
});

const actions = {
  openWindow: () => mainWindow && bringToFront(mainWindow),
  changeServer: () => showConnectScreen('change', null),
  setMuted: (kind: Parameters<typeof settings.setMuted>[0], muted: boolean) => {
    settings.setMuted(kind, muted);
    refreshMenus();
  },
  pauseForAnHour: () => {
    notifications.pauseFor(HOUR_MS);
    // The menus say "paused until …" only while it is true: they are rebuilt when the hour is up.
    clearTimeout(pauseTimer);
    pauseTimer = setTimeout(refreshMenus, HOUR_MS + 1_000);
    refreshMenus();
  },
  resume: () => {
    notifications.resume();
    clearTimeout(pauseTimer);
    refreshMenus();
  },
  quit: () => app.quit(),
};
let tray: ReturnType<typeof createStaffTray> | null = null;

function refreshMenus() {
  const until = notifications.pausedUntil();
  const pausedUntil = until === null ? null : shortTime(until);
  tray?.show({ unread: notifications.unread, pausedUntil });
  showAppMenu(
    {
      isMuted: (kind) => settings.isMuted(kind),
      serverSetByEnvironment: server?.setByEnvironment ?? false,
      pausedUntil,
    },
    actions,
  );
}

// At start the window shows itself once painted; later (a click, the menu) it comes forward at once.
function showConnectScreen(reason: ConnectionState['reason'], problem: string | null, forward = true) {
  connection = { reason, problem };
  void mainWindow?.loadURL(`${appOrigin}/`);
  if (mainWindow && forward) bringToFront(mainWindow);
}

function openAdmin(route: string = ADMIN_BASE, forward = true) {
  if (!server || !mainWindow) return;
  void mainWindow.loadURL(new URL(route, server.url).toString());
  if (forward) bringToFront(mainWindow);
}

/** Main's event stream follows the server in use and the window's session on it. */
function followServer(configured: ConfiguredServer) {
  stream?.stop();
  server = configured;
  const serverUrl = configured.url;
  stream = followEventStream({
    serverUrl,
    sessionCookie: () => sessionCookieOf(session.defaultSession, serverUrl),
    sessionChanged: (signal) => sessionCookieChanged(session.defaultSession, signal),
    waitToRetry: reconnectBackoff,
    onEvent: (event, me) => void notifications.handle(event, me),
  });
  refreshMenus();
}

async function connect(typed: string): Promise<ServerCheck> {
  const check = await checkServer(typed);
  if (!check.ok) return check;
  const url = parseServerUrl(check.serverUrl)!;
  // A pinned server stays pinned: the screen can only retry it.
  if (server?.setByEnvironment && url.origin !== server.url.origin)
    return {
      ok: false,
      problem: 'invalid-url',
      message: 'WASHDESK_SERVER_URL sets the server on this computer.',
    };
  if (!server?.setByEnvironment) settings.saveServer(check.serverUrl);
  if (server?.url.origin !== url.origin || !stream)
    followServer({ url, setByEnvironment: server?.setByEnvironment ?? false });
  openAdmin();
  return check;
}

async function start() {
  let configured: ConfiguredServer | null;
  try {
    configured = configuredServer(process.env, settings.get().serverUrl);
  } catch (error) {
    dialog.showErrorBox('Washdesk cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  await app.whenReady();
  enforceWebSecurity(appOrigin, () => server?.url ?? null);
  handleBridgeCalls(appOrigin, {
    connectionState: () => ({
      serverUrl: server?.url.origin ?? null,
      setByEnvironment: server?.setByEnvironment ?? false,
      ...connection,
    }),
    checkServer: (url) => checkServer(url),
    connect,
  });
  if (!devRendererUrl) serveRenderer(path.join(import.meta.dirname, '../renderer'));
  tray = createStaffTray(resource('tray-icon.png'), actions);

  mainWindow = createMainWindow({
    preloadPath: path.join(import.meta.dirname, '../preload/index.cjs'),
    appOrigin,
    isQuitting: () => quitting,
  });
  mainWindow.on('focus', () => notifications.markRead());
  // The server stopped answering while the admin was open (or never did): say so, with Retry.
  mainWindow.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (isMainFrame && code !== -3 && server && url.startsWith(server.url.origin))
      showConnectScreen('unreachable', `${server.url.origin} cannot be reached (${description}).`);
  });

  if (configured) followServer(configured);
  else refreshMenus();
  if (!configured) return showConnectScreen('first-run', null, false);
  const check = await checkServer(configured.url.origin);
  if (check.ok) openAdmin(ADMIN_BASE, false);
  else showConnectScreen('unreachable', check.message, false);
}

// A second launch brings the running window forward instead of opening another admin.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', actions.openWindow);
  app.on('before-quit', () => {
    quitting = true;
    stream?.stop();
  });
  // Closing the window keeps the app in the tray; Quit (menu or tray) ends it.
  app.on('window-all-closed', () => undefined);
  app.on('activate', actions.openWindow);
  void start();
}
