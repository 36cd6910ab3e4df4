import type { Platform } from '@washdesk/admin';
import type { DesktopBridge } from '../shared/desktop-bridge.ts';

declare global {
  interface Window {
    /** Set by the preload; the only way this page reaches the desktop. */
    readonly desktop: DesktopBridge;
  }
}

/** The admin's Platform on top of the preload bridge: native notifications, links via main. */
export function createElectronPlatform(bridge: DesktopBridge): Platform {
  return {
    notify: (title, body) => bridge.notify(title, body),
    openExternal: (url) => bridge.openExternal(url),
    appVersion: () => bridge.appVersion(),
  };
}
