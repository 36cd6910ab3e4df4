import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, SERVER_URL_ARGUMENT, type DesktopBridge } from '../shared/desktop-bridge.ts';

const serverUrl = process.argv
  .find((arg) => arg.startsWith(SERVER_URL_ARGUMENT))
  ?.slice(SERVER_URL_ARGUMENT.length);

// Each function forwards plain strings only, so the page can never hand main an object to misuse.
const bridge = {
  appVersion: () => ipcRenderer.invoke(IPC_CHANNELS.appVersion) as Promise<string>,
  notify: (title, body) => ipcRenderer.send(IPC_CHANNELS.notify, String(title), String(body)),
  openExternal: (url) => ipcRenderer.send(IPC_CHANNELS.openExternal, String(url)),
  serverUrl: () => serverUrl ?? '',
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);
