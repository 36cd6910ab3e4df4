import type { Call, LiveEvent } from '@washdesk/contract';

/** The kinds staff can turn off one by one (App menu → Notifications). */
export const NOTIFICATION_KINDS = ['new-call', 'missed-call', 'message', 'web-lead'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'new-call': 'New calls',
  'missed-call': 'Missed calls and callback requests',
  message: 'Messenger messages',
  'web-lead': 'Web leads (requests and photo submissions)',
};

export interface StaffNotification {
  kind: NotificationKind;
  title: string;
  /** The event's one-line summary: never more than the admin's lists show. */
  body: string;
  /** The admin route a click opens. */
  route: string;
  /** The same key twice is told once (a call updated several times is "missed" only once). */
  key: string;
}

const withId = (path: string, param: string, id: number | null) => (id === null ? path : `${path}?${param}=${id}`);

/**
 * What a live event tells staff, if anything. A call's update matters only when it was missed or
 * the caller asked to be called back, which the event's type alone does not say: `call` is the
 * call as GET /api/calls/:id answers it now. Appointments are not announced (staff or the
 * assistant's call made them, and the call is announced).
 */
export function notificationFor(event: LiveEvent, call?: Call | null): StaffNotification | null {
  const id = event.entityId;
  const body = event.summary;
  switch (event.type) {
    case 'call.created':
      return { kind: 'new-call', title: 'New call', body, route: withId('/admin/call-logs', 'call', id), key: `${event.type}:${id}` };
    case 'call.updated': {
      if (!call) return null;
      const route = withId('/admin/call-logs', 'call', call.id);
      if (call.callbackRequested)
        return { kind: 'missed-call', title: 'Callback requested', body, route, key: `callback:${call.id}` };
      if (call.status === 'missed')
        return { kind: 'missed-call', title: 'Missed call', body, route, key: `missed:${call.id}` };
      return null;
    }
    case 'message.received':
      return {
        kind: 'message',
        title: 'New Messenger message',
        body,
        // The event's entity is the conversation: the screen opens conversations, not single messages.
        route: withId('/admin/messenger-conversations', 'conversation', id),
        key: `${event.type}:${event.id}`,
      };
    case 'submission.created':
      return {
        kind: 'web-lead',
        title: 'New photo submission',
        body,
        route: withId('/admin/photo-submissions', 'submission', id),
        key: `${event.type}:${id}`,
      };
    case 'service-request.created':
      // No admin screen lists wizard requests yet (issue 16's Requests inbox); the dashboard is the way in.
      return { kind: 'web-lead', title: 'New service request', body, route: '/admin', key: `${event.type}:${id}` };
    case 'appointment.created':
    case 'appointment.updated':
      return null;
  }
}
