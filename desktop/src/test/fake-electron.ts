import type { MenuItemConstructorOptions } from 'electron';

// Electron's binary is not on every machine: main-process code is tested in Node with the few
// Electron objects it touches replaced by recorders. Everything else (HTTP, the event stream, the
// backend) is real.

type Listener = (...args: unknown[]) => void;

/** Called after anything a person would see changes (a page loaded, a notification shown): tests wait on it. */
export const fakeChanges = new Set<() => void>();
const changed = () => fakeChanges.forEach((listener) => listener());

class Emitter {
  listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener) {
    return this.on(name, listener);
  }
  off(name: string, listener: Listener) {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
}

export class FakeNotification extends Emitter {
  static shown: FakeNotification[] = [];
  static supported = true;
  static isSupported = () => FakeNotification.supported;
  constructor(public options: { title: string; body: string; icon?: string }) {
    super();
  }
  show() {
    FakeNotification.shown.push(this);
    changed();
  }
  /** What a person does: clicks the notification. */
  click() {
    this.emit('click');
  }
}

export class FakeTray extends Emitter {
  static last: FakeTray | null = null;
  toolTip = '';
  title = '';
  menu: MenuItemConstructorOptions[] = [];
  destroyed = false;
  constructor(public image: unknown) {
    super();
    FakeTray.last = this;
  }
  setToolTip(text: string) {
    this.toolTip = text;
    changed();
  }
  setTitle(text: string) {
    this.title = text;
  }
  setContextMenu(menu: MenuItemConstructorOptions[]) {
    this.menu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
  /** Clicks the menu item with this label, as a person would. */
  choose(label: string) {
    const item = this.menu.find((i) => i.label === label);
    if (!item?.click)
      throw new Error(`No menu item "${label}" in ${JSON.stringify(this.menu.map((i) => i.label))}`);
    (item.click as () => void)();
  }
}

export class FakeBrowserWindow extends Emitter {
  static created: FakeBrowserWindow[] = [];
  visible = false;
  minimized = false;
  focused = false;
  /** Every address the window was told to show, in order. */
  loaded: string[] = [];
  webContents = new Emitter();
  constructor(public options: { webPreferences: Record<string, unknown> }) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    changed();
    return Promise.resolve();
  }
  isFocused = () => this.focused;
  isMinimized = () => this.minimized;
  restore = () => void (this.minimized = false);
  show = () => void (this.visible = true);
  hide = () => void (this.visible = false);
  focus = () => void (this.focused = true);
  /** What the window manager does when a person clicks the close button. */
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.visible = false;
    return !prevented;
  }
}

export const badge = { count: 0 };
/** What main asked of the app as a whole: its data folder, quitting, a second launch. */
export const appState = { userData: '', quit: false, exitCode: null as number | null, singleInstance: true };
export const app = Object.assign(new Emitter(), {
  setBadgeCount: (count: number) => ((badge.count = count), true),
  getVersion: () => '0.1.0',
  isPackaged: false,
  getPath: (name: string) => {
    if (name !== 'userData') throw new Error(`The fake app has no path "${name}"`);
    return appState.userData;
  },
  requestSingleInstanceLock: () => appState.singleInstance,
  whenReady: () => Promise.resolve(),
  quit: () => void (appState.quit = true),
  exit: (code: number) => void (appState.exitCode = code),
});
/** The error boxes main showed, as [title, message]. */
export const errorBoxes: [string, string][] = [];
/** The bridge's IPC handlers main registered, by channel. */
export const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
/** Cookies of the window's session, by origin: what a signed-in admin page left there. */
export const cookieJar = new Map<string, { name: string; value: string }[]>();
const cookies = Object.assign(new Emitter(), {
  get: async ({ url, name }: { url: string; name: string }) =>
    (cookieJar.get(new URL(url).origin) ?? []).filter((c) => c.name === name),
});
export const opened: string[] = [];
export const permissions = { request: null as null | Listener, check: null as null | (() => boolean) };

export const electronModule = {
  Notification: FakeNotification,
  Tray: FakeTray,
  BrowserWindow: FakeBrowserWindow,
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
    setApplicationMenu: () => undefined,
  },
  nativeImage: { createFromPath: (file: string) => ({ file }) },
  app,
  shell: { openExternal: async (url: string) => void opened.push(url) },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (handler: Listener) => (permissions.request = handler),
      setPermissionCheckHandler: (handler: () => boolean) => (permissions.check = handler),
      cookies,
    },
  },
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
      void ipcHandlers.set(channel, handler),
    on: () => undefined,
  },
  dialog: { showErrorBox: (title: string, message: string) => void errorBoxes.push([title, message]) },
  // The renderer's own scheme: registered and served, never fetched in these tests.
  protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
  net: { fetch: () => Promise.reject(new Error('The fake electron serves no files')) },
};

export function resetFakeElectron() {
  FakeNotification.shown = [];
  FakeNotification.supported = true;
  FakeTray.last = null;
  FakeBrowserWindow.created = [];
  badge.count = 0;
  opened.length = 0;
  app.listeners.clear();
  Object.assign(appState, { userData: '', quit: false, exitCode: null, singleInstance: true });
  errorBoxes.length = 0;
  ipcHandlers.clear();
  cookieJar.clear();
  cookies.listeners.clear();
  fakeChanges.clear();
}

export { Emitter as FakeEmitter };
