import { BrowserWindow } from 'electron';
import { SERVER_URL_ARGUMENT } from '../shared/desktop-bridge.ts';

interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
  serverUrl: URL;
}

/** The one admin window. Its page is isolated and sandboxed; it reaches main only through the preload. */
export function createMainWindow({ preloadPath, startUrl, serverUrl }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Washdesk',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      additionalArguments: [`${SERVER_URL_ARGUMENT}${serverUrl.href.replace(/\/+$/, '')}`],
    },
  });
  // Shown once painted, so the user never sees an empty white frame.
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
