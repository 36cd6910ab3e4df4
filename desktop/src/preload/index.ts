import { contextBridge, ipcRenderer } from 'electron';
import {
  APP_ORIGIN_ARGUMENT,
  IPC_CHANNELS,
  type ConnectionState,
  type DesktopBridge,
  type ServerCheck,
} from '../shared/desktop-bridge.ts';

const appOrigin = process.argv
  .find((arg) => arg.startsWith(APP_ORIGIN_ARGUMENT))
  ?.slice(APP_ORIGIN_ARGUMENT.length);

// Each function forwards plain strings only, so a page can never hand main an object to misuse.
const bridge = {
  appVersion: () => ipcRenderer.invoke(IPC_CHANNELS.appVersion) as Promise<string>,
  connectionState: () => ipcRenderer.invoke(IPC_CHANNELS.connectionState) as Promise<ConnectionState>,
  checkServer: (url) => ipcRenderer.invoke(IPC_CHANNELS.checkServer, String(url)) as Promise<ServerCheck>,
  connect: (url) => ipcRenderer.invoke(IPC_CHANNELS.connect, String(url)) as Promise<ServerCheck>,
} satisfies DesktopBridge;

// Only the app's own connect page gets the bridge; the server's admin pages run as in a browser
// (main also refuses calls from any other frame).
if (appOrigin && window.location.origin === appOrigin) contextBridge.exposeInMainWorld('desktop', bridge);
