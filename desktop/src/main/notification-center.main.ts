import { Notification } from 'electron';
import type { LiveEvent, User } from '@washdesk/contract';
import {
  notificationFor,
  type NotificationKind,
  type StaffNotification,
} from './staff-notifications.main.ts';

export interface NotificationCenterOptions {
  isMuted: (kind: NotificationKind) => boolean;
  /** Shows the window on that admin route. */
  openRoute: (route: string) => void;
  /** The unread count changed (tray, badge). */
  onUnread: (count: number) => void;
  /** The admin window is in front: what arrives is on screen already, so it is not unread. */
  staffIsLooking?: () => boolean;
  clock?: () => number;
  /** The notification image (the app icon). */
  icon?: string;
}

/**
 * Turns live events into native notifications: one per thing staff should hear about, none for
 * the staff member's own actions or for kinds turned off on this computer, none while paused (the
 * unread count still grows, so nothing is lost). Clicking one opens its call, conversation or lead.
 */
export function createNotificationCenter(options: NotificationCenterOptions) {
  const clock = options.clock ?? Date.now;
  // Notifications still on screen: without a reference, a collected one loses its click handler.
  const showing = new Set<Notification>();
  let pausedUntil = 0;
  let unread = 0;

  const setUnread = (count: number) => {
    if (count === unread) return;
    unread = count;
    options.onUnread(unread);
  };

  const show = (notification: StaffNotification) => {
    const native = new Notification({
      title: notification.title,
      body: notification.body,
      ...(options.icon ? { icon: options.icon } : {}),
    });
    const forget = () => void showing.delete(native);
    native.on('click', () => {
      forget();
      options.openRoute(notification.route);
    });
    native.on('close', forget);
    showing.add(native);
    native.show();
  };

  return {
    /** Decides about one event; resolves once it is shown (or not). */
    handle(event: LiveEvent, me: User): StaffNotification | null {
      if (event.actorUserId !== null && event.actorUserId === me.id) return null;
      const notification = notificationFor(event);
      if (!notification || options.isMuted(notification.kind)) return null;
      if (!options.staffIsLooking?.()) setUnread(unread + 1);
      if (clock() < pausedUntil || !Notification.isSupported()) return null;
      show(notification);
      return notification;
    },
    get unread() {
      return unread;
    },
    /** Staff are looking at the admin now: its sidebar shows what is new. */
    markRead: () => setUnread(0),
    pauseFor(ms: number) {
      pausedUntil = clock() + ms;
    },
    resume() {
      pausedUntil = 0;
    },
    /** When notifications come back (ms since the epoch), or null when they are not paused. */
    pausedUntil: () => (clock() < pausedUntil ? pausedUntil : null),
  };
}
export type NotificationCenter = ReturnType<typeof createNotificationCenter>;
