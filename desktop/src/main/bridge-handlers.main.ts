import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { originOf } from './web-security.main.ts';
import { IPC_CHANNELS, type ConnectionState, type ServerCheck } from '../shared/desktop-bridge.ts';

export interface BridgeHandlers {
  connectionState: () => ConnectionState;
  checkServer: (url: string) => Promise<ServerCheck>;
  connect: (url: string) => Promise<ServerCheck>;
}

/** Whether an IPC call comes from the app's own page (never from the server's pages or a frame). */
export function isFromAppPage(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, appOrigin: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return originOf(frame.url) === appOrigin;
}

/** Main's side of the preload bridge. Only the app's own page may call it; anything else is refused. */
export function handleBridgeCalls(appOrigin: string, handlers: BridgeHandlers): void {
  const refuse = () => Promise.reject(new Error('Not available to this page'));
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2048) : '');
  ipcMain.handle(IPC_CHANNELS.appVersion, (event) =>
    isFromAppPage(event, appOrigin) ? app.getVersion() : refuse(),
  );
  ipcMain.handle(IPC_CHANNELS.connectionState, (event) =>
    isFromAppPage(event, appOrigin) ? handlers.connectionState() : refuse(),
  );
  ipcMain.handle(IPC_CHANNELS.checkServer, (event, url: unknown) =>
    isFromAppPage(event, appOrigin) ? handlers.checkServer(text(url)) : refuse(),
  );
  ipcMain.handle(IPC_CHANNELS.connect, (event, url: unknown) =>
    isFromAppPage(event, appOrigin) ? handlers.connect(text(url)) : refuse(),
  );
}
