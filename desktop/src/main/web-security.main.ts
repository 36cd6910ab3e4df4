import { app, session } from 'electron';
import { openExternalIfAllowed } from './external-links.main.ts';

/**
 * A page's origin as Chromium sees it. Node's URL calls the origin of a custom scheme "null"
 * (washdesk://app is "standard" only inside Electron), which would match nothing or everything.
 */
export function originOf(rawUrl: string): string | null {
  if (!URL.canParse(rawUrl)) return null;
  const url = new URL(rawUrl);
  if (url.origin !== 'null') return url.origin;
  return url.host ? `${url.protocol}//${url.host}` : null;
}

/** Whether a page may be shown inside the window: the app's own pages and the server's admin only. */
export function isInAppUrl(rawUrl: string, appOrigin: string, serverUrl: URL | null): boolean {
  const origin = originOf(rawUrl);
  return origin !== null && (origin === appOrigin || (serverUrl !== null && origin === serverUrl.origin));
}

/**
 * The rules every window gets (Electron's security checklist): no new windows, no navigation away
 * from the app and its server, no webviews, no permission prompts. Links that leave go to the
 * system's browser, and only if they are allowed.
 */
export function enforceWebSecurity(appOrigin: string, serverUrl: () => URL | null): void {
  // Notifications are shown by main, so the pages themselves need no permission at all.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const server = serverUrl();
      if (server) openExternalIfAllowed(url, server);
      return { action: 'deny' };
    });
    const stayInside = (event: { preventDefault(): void }, url: string) => {
      if (isInAppUrl(url, appOrigin, serverUrl())) return;
      event.preventDefault();
      const server = serverUrl();
      if (server) openExternalIfAllowed(url, server);
    };
    contents.on('will-navigate', stayInside);
    contents.on('will-redirect', stayInside);
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
