import type { MenuItemConstructorOptions } from 'electron';

// Electron's binary is not on every machine: main-process code is tested in Node with the few
// Electron objects it touches replaced by recorders. Everything else (HTTP, the event stream, the
// backend) is real.

type Listener = (...args: unknown[]) => void;
class Emitter {
  listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener) {
    return this.on(name, listener);
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
  constructor(public options: { webPreferences: Record<string, unknown> }) {
    super();
    FakeBrowserWindow.created.push(this);
  }
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
export const app = Object.assign(new Emitter(), {
  setBadgeCount: (count: number) => ((badge.count = count), true),
  getVersion: () => '0.1.0',
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
    },
  },
  ipcMain: { handle: () => undefined, on: () => undefined },
};

export function resetFakeElectron() {
  FakeNotification.shown = [];
  FakeNotification.supported = true;
  FakeTray.last = null;
  FakeBrowserWindow.created = [];
  badge.count = 0;
  opened.length = 0;
  app.listeners.clear();
}

export { Emitter as FakeEmitter };
