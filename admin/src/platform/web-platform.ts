import type { Platform } from './platform.tsx';

/** The browser's: Web Notifications (once staff allowed them) and new tabs without an opener. */
export const webPlatform: Platform = {
  notify({ title, body, tag, onClick }) {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const shown = new Notification(title, { body, tag });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  },
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
