import { NOTIFICATION_KINDS, staffAlertOf, type NotificationKind } from '@washdesk/contract';

// Browser notifications are a choice of this browser, not of the account: they are kept in
// localStorage, and the browser's own permission is asked for only from a button in Settings.

const STORAGE_KEY = 'washdesk.notifications';

export interface NotificationPreferences {
  enabled: boolean;
  /** Kinds switched off; everything else is shown. */
  muted: NotificationKind[];
}
const DEFAULTS: NotificationPreferences = { enabled: false, muted: [] };
const KNOWN = new Set<string>(NOTIFICATION_KINDS.map((k) => k.kind));

export function readNotificationPreferences(
  storage: Pick<Storage, 'getItem'> = localStorage,
): NotificationPreferences {
  try {
    const stored = JSON.parse(
      storage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<NotificationPreferences> | null;
    if (!stored || typeof stored !== 'object') return DEFAULTS;
    return {
      enabled: stored.enabled === true,
      muted: Array.isArray(stored.muted)
        ? stored.muted.filter((k): k is NotificationKind => KNOWN.has(k))
        : [],
    };
  } catch {
    return DEFAULTS;
  }
}

export function saveNotificationPreferences(
  preferences: NotificationPreferences,
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  storage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  // Other parts of this page (the event stream) read them again.
  window.dispatchEvent(new Event(STORAGE_KEY));
}
export const PREFERENCES_CHANGED = STORAGE_KEY;

/** Whether this event should become a notification for this staff member in this browser. */
export function shouldNotify(
  event: { kind: NotificationKind | null; actorUserId: number | null },
  me: number | undefined,
  preferences: NotificationPreferences,
  permission: NotificationPermission | 'unsupported',
): boolean {
  if (!preferences.enabled || permission !== 'granted' || event.kind === null) return false;
  // Nobody needs telling about what they just did themselves.
  if (me !== undefined && event.actorUserId === me) return false;
  return !preferences.muted.includes(event.kind);
}

/**
 * What this page does about an event, read from the contract's one list of event kinds: a browser
 * notification while staff are elsewhere (if turned on here), a toast while they look at the admin
 * for the kinds no open list would show (a customer's acceptance or question), or nothing.
 */
export function announcementOf(
  event: { type: string; actorUserId: number | null },
  me: number | undefined,
  preferences: NotificationPreferences,
  permission: NotificationPermission | 'unsupported',
  staffAreLooking: boolean,
): { as: 'notification' | 'toast'; title: string } | null {
  const alert = staffAlertOf(event.type);
  if (!alert || (me !== undefined && event.actorUserId === me)) return null;
  if (staffAreLooking) return alert.toastWhileLooking ? { as: 'toast', title: alert.title } : null;
  return shouldNotify({ kind: alert.kind, actorUserId: event.actorUserId }, me, preferences, permission)
    ? { as: 'notification', title: alert.title }
    : null;
}
