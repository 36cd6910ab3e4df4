import {
  notificationKindOf,
  routeOfEvent,
  type LiveEvent,
  type LiveEventType,
  type NotificationKind,
} from '@washdesk/contract';

export { NOTIFICATION_KINDS, type NotificationKind } from '@washdesk/contract';

export interface StaffNotification {
  kind: NotificationKind;
  title: string;
  /** The event's one-line summary: never more than the admin's lists show. */
  body: string;
  /** The admin route a click opens (the same the browser admin links to). */
  route: string;
}

const TITLES: Partial<Record<LiveEventType, string>> = {
  'call.created': 'New call',
  'call.missed': 'Missed call',
  'call.callback-requested': 'Call back requested',
  'message.received': 'New Messenger message',
  'submission.created': 'New photo submission',
  'service-request.created': 'New service request',
};

/**
 * What a live event tells staff, if anything: the contract says which events make which kind of
 * notification (other call changes and appointments make none) and where each one is seen.
 */
export function notificationFor(event: LiveEvent): StaffNotification | null {
  const kind = notificationKindOf(event.type);
  const title = TITLES[event.type];
  if (!kind || !title) return null;
  return { kind, title, body: event.summary, route: routeOfEvent(event) };
}
