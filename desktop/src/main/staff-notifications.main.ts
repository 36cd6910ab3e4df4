import { routeOfEvent, staffAlertOf, type LiveEvent, type NotificationKind } from '@washdesk/contract';

export { NOTIFICATION_KINDS, type NotificationKind } from '@washdesk/contract';

export interface StaffNotification {
  kind: NotificationKind;
  title: string;
  /** The event's one-line summary: never more than the admin's lists show. */
  body: string;
  /** The admin route a click opens (the same the browser admin links to). */
  route: string;
}

/**
 * What a live event tells staff, if anything: the contract's one list of event kinds says which
 * make a notification, its title and switch, and where each one is seen; the admin reads the same.
 */
export function notificationFor(event: LiveEvent): StaffNotification | null {
  const alert = staffAlertOf(event.type);
  if (!alert) return null;
  return { kind: alert.kind, title: alert.title, body: event.summary, route: routeOfEvent(event) };
}
