import { BrowserWindow } from 'electron';
import { APP_ORIGIN_ARGUMENT } from '../shared/desktop-bridge.ts';

interface MainWindowOptions {
  preloadPath: string;
  appOrigin: string;
  /** Whether the app is quitting: until then, closing the window only hides it to the tray. */
  isQuitting: () => boolean;
}

/**
 * The one window: the server's own admin (or the app's connect screen). Its pages are isolated and
 * sandboxed with no Node; only the app's own page gets the preload bridge.
 */
export function createMainWindow({ preloadPath, appOrigin, isQuitting }: MainWindowOptions): BrowserWindow {
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
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: true,
      additionalArguments: [`${APP_ORIGIN_ARGUMENT}${appOrigin}`],
    },
  });
  // Shown once painted, so the user never sees an empty white frame.
  window.once('ready-to-show', () => window.show());
  // Notifications keep coming while the window is closed: it hides to the tray until Quit.
  window.on('close', (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  return window;
}

/** Brings the window to the front, wherever it was (hidden in the tray, minimised, behind others). */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
