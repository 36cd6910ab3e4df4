/**
 * What the preload exposes as `window.desktop` to the app's own pages (the "Connect to your Washdesk
 * server" screen): named functions, nothing generic. The admin itself comes from the server and
 * needs no bridge: notifications are shown by main from the event stream.
 */
export interface DesktopBridge {
  /** The desktop app's version. */
  appVersion(): Promise<string>;
  /** Why the connect screen is showing and which server is configured. */
  connectionState(): Promise<ConnectionState>;
  /** Calls `${url}/api/health` and the public profile; saves nothing. */
  checkServer(url: string): Promise<ServerCheck>;
  /** Checks again, saves the server for this computer and opens its admin. */
  connect(url: string): Promise<ServerCheck>;
}

export interface ConnectionState {
  /** The server in use or last saved; null on the first run. */
  serverUrl: string | null;
  /** WASHDESK_SERVER_URL sets the server: the screen cannot change it. */
  setByEnvironment: boolean;
  /** first-run: nothing saved; unreachable: the server did not answer; change: from the app menu. */
  reason: 'first-run' | 'unreachable' | 'change';
  /** What went wrong last, in words for people (for 'unreachable'). */
  problem: string | null;
}

export type ServerCheck =
  | { ok: true; serverUrl: string; businessName: string; version: string }
  | { ok: false; problem: 'invalid-url' | 'unreachable' | 'not-washdesk' | 'unhealthy'; message: string };

/** The IPC channels behind the bridge; main and preload share these names. */
export const IPC_CHANNELS = {
  appVersion: 'washdesk:app-version',
  connectionState: 'washdesk:connection-state',
  checkServer: 'washdesk:check-server',
  connect: 'washdesk:connect',
} as const;

/** How main tells the preload which origin is the app's own (a sandboxed preload reads process.argv). */
export const APP_ORIGIN_ARGUMENT = '--washdesk-app-origin=';
