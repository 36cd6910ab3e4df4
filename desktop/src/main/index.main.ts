import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { ADMIN_BASE } from '@washdesk/contract';
import { handleBridgeCalls } from './bridge-handlers.main.ts';
import { createMainWindow } from './main-window.main.ts';
import { registerRendererScheme, RENDERER_ORIGIN, serveRenderer } from './renderer-protocol.main.ts';
import { readServerUrl } from './server-url.main.ts';
import { enforceWebSecurity } from './web-security.main.ts';

// `electron-vite dev` serves the renderer with hot reload and names its URL here.
const devRendererUrl = process.env.ELECTRON_RENDERER_URL;
const appOrigin = devRendererUrl ? new URL(devRendererUrl).origin : RENDERER_ORIGIN;

registerRendererScheme();

let mainWindow: BrowserWindow | null = null;

function openMainWindow(serverUrl: URL) {
  mainWindow = createMainWindow({
    preloadPath: path.join(import.meta.dirname, '../preload/index.cjs'),
    startUrl: `${appOrigin}${ADMIN_BASE}`,
    serverUrl,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start() {
  let serverUrl: URL;
  try {
    serverUrl = readServerUrl();
  } catch (error) {
    dialog.showErrorBox('Washdesk cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  await app.whenReady();
  enforceWebSecurity(appOrigin, serverUrl);
  handleBridgeCalls(appOrigin, serverUrl);
  if (!devRendererUrl) serveRenderer(path.join(import.meta.dirname, '../renderer'), serverUrl);
  openMainWindow(serverUrl);
  // macOS keeps the app running without windows; the dock icon brings the window back.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow(serverUrl);
  });
}

// A second launch focuses the running window instead of opening another admin.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  void start();
}
