import { app, session } from 'electron';
import { openExternalIfAllowed } from './external-links.main.ts';

/**
 * The rules every window gets (Electron's security checklist): no new windows, no navigation
 * away from the app, no webviews, no permission prompts. Links that leave the app go to the
 * system's browser, and only if they are allowed.
 */
export function enforceWebSecurity(appOrigin: string, serverUrl: URL): void {
  // Notifications are shown by main, so the page itself needs no permission at all.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      openExternalIfAllowed(url, serverUrl);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (URL.canParse(url) && new URL(url).origin === appOrigin) return;
      event.preventDefault();
      openExternalIfAllowed(url, serverUrl);
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
