import { Menu, type MenuItemConstructorOptions } from 'electron';
import { NOTIFICATION_KINDS, type NotificationKind } from '@washdesk/contract';

export interface AppMenuState {
  isMuted: (kind: NotificationKind) => boolean;
  /** WASHDESK_SERVER_URL pins the server: the menu says so instead of offering a change. */
  serverSetByEnvironment: boolean;
  pausedUntil: string | null;
}

export interface AppMenuActions {
  changeServer: () => void;
  setMuted: (kind: NotificationKind, muted: boolean) => void;
  pauseForAnHour: () => void;
  resume: () => void;
  quit: () => void;
}

/** The application menu: server, notifications per kind, and the usual edit/view/window roles. */
export function appMenuTemplate(state: AppMenuState, actions: AppMenuActions): MenuItemConstructorOptions[] {
  return [
    {
      label: 'Washdesk',
      submenu: [
        state.serverSetByEnvironment
          ? { label: 'Server set by WASHDESK_SERVER_URL', enabled: false }
          : { label: 'Change Server…', click: actions.changeServer },
        { type: 'separator' },
        { label: 'Quit Washdesk', accelerator: 'CmdOrCtrl+Q', click: actions.quit },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Notifications',
      submenu: [
        ...NOTIFICATION_KINDS.map(({ kind, label }): MenuItemConstructorOptions => ({
          label,
          type: 'checkbox',
          checked: !state.isMuted(kind),
          click: (item) => actions.setMuted(kind, !item.checked),
        })),
        { type: 'separator' },
        state.pausedUntil
          ? { label: `Resume Notifications (paused until ${state.pausedUntil})`, click: actions.resume }
          : { label: 'Pause Notifications for 1 Hour', click: actions.pauseForAnHour },
      ],
    },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}

export function showAppMenu(state: AppMenuState, actions: AppMenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(state, actions)));
}
