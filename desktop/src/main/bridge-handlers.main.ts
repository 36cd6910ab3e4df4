import { app, ipcMain, Notification, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from '../shared/desktop-bridge.ts';
import { openExternalIfAllowed } from './external-links.main.ts';

/** Main's side of the preload bridge. Only the app's own page may call it. */
export function handleBridgeCalls(appOrigin: string, serverUrl: URL): void {
  const fromApp = (event: IpcMainEvent | IpcMainInvokeEvent) => {
    const frameUrl = event.senderFrame?.url;
    return frameUrl !== undefined && URL.canParse(frameUrl) && new URL(frameUrl).origin === appOrigin;
  };

  ipcMain.handle(IPC_CHANNELS.appVersion, (event) => (fromApp(event) ? app.getVersion() : ''));

  ipcMain.on(IPC_CHANNELS.notify, (event, title: unknown, body: unknown) => {
    if (!fromApp(event) || typeof title !== 'string' || typeof body !== 'string') return;
    if (!Notification.isSupported()) return;
    new Notification({ title: title.slice(0, 200), body: body.slice(0, 1000) }).show();
  });

  ipcMain.on(IPC_CHANNELS.openExternal, (event, url: unknown) => {
    if (fromApp(event) && typeof url === 'string') openExternalIfAllowed(url, serverUrl);
  });
}
