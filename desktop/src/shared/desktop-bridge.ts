/**
 * What the preload exposes to the renderer as `window.desktop`: named functions, nothing generic.
 * (It moves to the contract once the backend's events need it too.)
 */
export interface DesktopBridge {
  /** The desktop app's version. */
  appVersion(): Promise<string>;
  /** A native notification. */
  notify(title: string, body: string): void;
  /** Opens an https:, mailto:, tel: or sms: link (or a page of the Washdesk server) outside the app. */
  openExternal(url: string): void;
  /** Where the Washdesk server answers, from WASHDESK_SERVER_URL. */
  serverUrl(): string;
}

/** The IPC channels behind the bridge; main and preload share these names. */
export const IPC_CHANNELS = {
  appVersion: 'washdesk:app-version',
  notify: 'washdesk:notify',
  openExternal: 'washdesk:open-external',
} as const;

/** How main hands the server URL to the preload (a sandboxed preload reads process.argv). */
export const SERVER_URL_ARGUMENT = '--washdesk-server-url=';
