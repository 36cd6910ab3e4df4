import type { Platform } from './platform.tsx';

function showNotification(title: string, body: string) {
  new Notification(title, { body });
}

/** The browser fallback: Web Notifications (asked for on first use) and new tabs without an opener. */
export const webPlatform: Platform = {
  notify(title, body) {
    if (typeof Notification === 'undefined') return;
    if (Notification.permission === 'granted') {
      showNotification(title, body);
    } else if (Notification.permission === 'default') {
      void Notification.requestPermission().then((permission) => {
        if (permission === 'granted') showNotification(title, body);
      });
    }
  },
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  // In the browser the admin is whatever the server hands out, so the server's version is the app's.
  async appVersion() {
    const response = await fetch('/api/health', { credentials: 'include' });
    const health = (await response.json()) as { version?: unknown };
    return typeof health.version === 'string' ? health.version : 'unknown';
  },
};
