import { z } from 'zod';

/** What staff hear about the moment it happens (GET /api/events, Server-Sent Events). */
export const LIVE_EVENT_TYPES = [
  'call.created',
  /** Nobody answered it (busy, no answer, failed, hung up while ringing). */
  'call.missed',
  /** The caller asked for a person and nobody could be put through: they wait for a call back. */
  'call.callback-requested',
  /** Any other change: answered, put through, ended with its summary, a booking made. */
  'call.updated',
  'message.received',
  /** The assistant or staff answered, Meta reported delivery or reading, a profile was read. */
  'message.updated',
  'submission.created',
  'service-request.created',
  'appointment.created',
  'appointment.updated',
  /** A customer opened their quote's link for the first time (entityId: the submission). */
  'quote.opened',
  /** A customer accepted their quote online: the lead is won. */
  'quote.accepted',
  /** A customer asked a question on their quote's page. */
  'quote.question-asked',
  /** A customer texted the business number (entityId: the text thread). */
  'text.received',
  /** A text was sent, delivered or failed; staff took a thread over; a number opted out or in. */
  'text.updated',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const liveEventSchema = z.object({
  /** Increasing; a reconnecting client sends the last one it saw as Last-Event-ID. */
  id: z.number().int(),
  type: z.enum(LIVE_EVENT_TYPES),
  entityId: z.number().int().nullable(),
  /** One line for people, e.g. "Missed call from (707) 555-0123". */
  summary: z.string(),
  /** The staff member whose action it was (their own actions make no notification); null otherwise. */
  actorUserId: z.number().int().nullable(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Sent instead of a replay when the events a client missed are no longer kept: it should refetch
 * everything it shows.
 */
export const EVENT_STREAM_RESET = 'reset';

/** What a notification is about; each kind can be switched off separately. */
export const NOTIFICATION_KINDS = [
  { kind: 'call', label: 'New calls', types: ['call.created'] },
  {
    kind: 'missed-call',
    label: 'Missed calls and call-back requests',
    types: ['call.missed', 'call.callback-requested'],
  },
  { kind: 'message', label: 'New Messenger messages', types: ['message.received'] },
  {
    kind: 'lead',
    label: 'New web leads (requests and photo submissions)',
    types: ['service-request.created', 'submission.created'],
  },
  {
    kind: 'quote',
    label: 'Quotes accepted and questions on quotes',
    types: ['quote.accepted', 'quote.question-asked'],
  },
] as const satisfies readonly { kind: string; label: string; types: readonly LiveEventType[] }[];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];

/** The kind of notification an event makes, or null for events that make none (appointments, call updates). */
export function notificationKindOf(type: string): NotificationKind | null {
  return NOTIFICATION_KINDS.find((k) => (k.types as readonly string[]).includes(type))?.kind ?? null;
}

/** Where staff go to see an event's subject (admin routes; the desktop app opens the same). */
export function routeOfEvent(event: Pick<LiveEvent, 'type' | 'entityId'>): string {
  const id = event.entityId;
  if (event.type.startsWith('call.')) return id ? `/admin/call-logs?call=${id}` : '/admin/call-logs';
  if (event.type === 'message.received')
    return id ? `/admin/messenger-conversations?conversation=${id}` : '/admin/messenger-conversations';
  if (event.type.startsWith('text.')) return id ? `/admin/texts?thread=${id}` : '/admin/texts';
  if (event.type === 'submission.created' || event.type.startsWith('quote.'))
    return '/admin/photo-submissions';
  if (event.type === 'service-request.created') return '/admin/requests';
  if (event.type.startsWith('appointment.'))
    return id ? `/admin/appointment-scheduling?appointment=${id}` : '/admin/appointment-scheduling';
  return '/admin';
}

/** The lists whose news the sidebar counts; opening one marks it seen for that staff member. */
export const SEEN_LISTS = ['leads', 'calls', 'messages'] as const;
export type SeenList = (typeof SEEN_LISTS)[number];

/** What is new for the signed-in staff member since they last opened each list. */
export const newForMeSchema = z.object({
  /** Photo submissions and wizard requests. */
  newLeads: z.number().int(),
  /** Missed calls and calls whose caller waits for a call back. */
  missedCalls: z.number().int(),
  /** Messages from customers on Messenger. */
  unreadMessages: z.number().int(),
});
export type NewForMe = z.infer<typeof newForMeSchema>;
