import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';

export interface TrayActions {
  openWindow: () => void;
  pauseForAnHour: () => void;
  resume: () => void;
  quit: () => void;
}

export interface TrayState {
  unread: number;
  /** When paused notifications come back, already in the person's words (e.g. "9:45 PM"); null if not paused. */
  pausedUntil: string | null;
}

export const unreadLabel = (unread: number) =>
  unread === 0 ? 'Washdesk: nothing new' : `Washdesk: ${unread} new`;

/** The tray's menu: what it says is true at the moment it is built (it is rebuilt on every change). */
export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: unreadLabel(state.unread), enabled: false },
    { type: 'separator' },
    { label: 'Open Washdesk', click: actions.openWindow },
    state.pausedUntil
      ? { label: `Resume notifications (paused until ${state.pausedUntil})`, click: actions.resume }
      : { label: 'Pause notifications for 1 hour', click: actions.pauseForAnHour },
    { type: 'separator' },
    { label: 'Quit', click: actions.quit },
  ];
}

/** The tray icon: the unread count in its tooltip (and title on macOS), and the app's badge. */
export function createStaffTray(iconPath: string, actions: TrayActions) {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  tray.on('click', actions.openWindow);
  const show = (state: TrayState) => {
    tray.setToolTip(unreadLabel(state.unread));
    if (process.platform === 'darwin') tray.setTitle(state.unread ? String(state.unread) : '');
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(state, actions)));
    // macOS dock and Linux Unity launchers show it; elsewhere this is a harmless no-op.
    app.setBadgeCount(state.unread);
  };
  return { show, destroy: () => tray.destroy() };
}
