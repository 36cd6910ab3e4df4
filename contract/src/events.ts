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
  /** A customer moved or cancelled their visit (its link, a text's "R"): staff may need to act. */
  'appointment.customer-changed',
  /** The same for a visit today or tomorrow: the crew's day changes, so it is urgent. */
  'appointment.customer-changed-soon',
  /** A customer opened their quote's link for the first time (entityId: the submission; null for a quote of another lead or a customer). */
  'quote.opened',
  /** A customer accepted their quote online: the lead is won. */
  'quote.accepted',
  /** A customer asked a question on their quote's page. */
  'quote.question-asked',
  /** A backup, its off-machine copy or its restore test failed (Settings → Backups says why). */
  'backup.failed',
  /** Backups work again after a failure episode (one announcement per episode, issue 31). */
  'backup.recovered',
  /** The newest backup holds far fewer rows than the last normal one (that one is kept). */
  'backup.shrunk',
  /** A customer texted the business number (entityId: the text thread). */
  'text.received',
  /** A text was sent, delivered or failed; staff took a thread over; a number opted out or in. */
  'text.updated',
  /** A job moved along its day (on the way, in progress, done) or got its visit from the tray. */
  'job.updated',
  /** Settings → Crews: a crew added, renamed, recoloured, retired or brought back. */
  'crew.updated',
  /** Money arrived (a deposit, an invoice paid, in part or whole, a tip; entityId: the ledger row). */
  'payment.received',
  /** A ledger row moved on (a bank payment pending or failed, a refund, a fee), an invoice made or sent. */
  'payment.updated',
  /** A customer's bank disputed a payment: evidence is due by a deadline (entityId: the dispute). */
  'dispute.opened',
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

/** What a notification is about; each kind can be switched off separately (Settings, the desktop menu). */
export const NOTIFICATION_KINDS = [
  { kind: 'call', label: 'New calls' },
  { kind: 'missed-call', label: 'Missed calls and call-back requests' },
  { kind: 'message', label: 'New Messenger messages' },
  { kind: 'text', label: 'New texts' },
  { kind: 'lead', label: 'New web leads (requests and photo submissions)' },
  { kind: 'quote', label: 'Quotes accepted and questions on quotes' },
  { kind: 'visit', label: 'Visits a customer moved or cancelled' },
  { kind: 'backup', label: 'Failed backups and restore tests' },
  { kind: 'payment', label: 'Payments received and disputes' },
] as const satisfies readonly { kind: string; label: string }[];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];

/** How staff are told about one kind of event, beyond the lists it refreshes. */
export interface StaffAlert {
  /** The switch that turns it off. */
  kind: NotificationKind;
  /** The notification's title (its body is the event's summary). */
  title: string;
  /**
   * Also a toast in an open admin window: the change appears in no list staff are likely to be
   * looking at (a customer's answer sits inside one submission's dialog).
   */
  toastWhileLooking: boolean;
}

/** The one decision per event kind; every consumer (admin, desktop app) reads it from here. */
export type LiveEventRule =
  | { alert: StaffAlert; route: (entityId: number | null) => string }
  /** Nobody is interrupted; `quietBecause` says why, so silence is a decision and not an omission. */
  | { alert: null; quietBecause: string; route: (entityId: number | null) => string };

const callRoute = (id: number | null) => (id ? `/admin/call-logs?call=${id}` : '/admin/call-logs');
const conversationRoute = (id: number | null) =>
  id ? `/admin/messenger-conversations?conversation=${id}` : '/admin/messenger-conversations';
const appointmentRoute = (id: number | null) =>
  id ? `/admin/appointment-scheduling?appointment=${id}` : '/admin/appointment-scheduling';
const textRoute = (id: number | null) => (id ? `/admin/texts?thread=${id}` : '/admin/texts');
const submissionRoute = (id: number | null) =>
  id ? `/admin/photo-submissions?submission=${id}` : '/admin/photo-submissions';
// A quote's news: its submission's card, or Requests for a quote made from any other lead.
const quoteRoute = (id: number | null) => (id ? submissionRoute(id) : '/admin/requests');

const paymentRoute = (id: number | null) => (id ? `/admin/payments?payment=${id}` : '/admin/payments');

const alert = (kind: NotificationKind, title: string, toastWhileLooking = false): StaffAlert => ({
  kind,
  title,
  toastWhileLooking,
});

/**
 * Every event kind and what staff hear of it. A new kind in LIVE_EVENT_TYPES fails to compile
 * until it has a row here, and `events.test.ts` checks each row is a decision.
 */
export const LIVE_EVENT_RULES: { readonly [T in LiveEventType]: LiveEventRule } = {
  'call.created': { alert: alert('call', 'New call'), route: callRoute },
  'call.missed': { alert: alert('missed-call', 'Missed call'), route: callRoute },
  'call.callback-requested': { alert: alert('missed-call', 'Call back requested'), route: callRoute },
  'call.updated': {
    alert: null,
    quietBecause: 'The call was announced when it arrived; its progress shows in Call Logs.',
    route: callRoute,
  },
  'message.received': { alert: alert('message', 'New Messenger message'), route: conversationRoute },
  'message.updated': {
    alert: null,
    quietBecause: 'Replies, deliveries and read receipts are not news to the person who sent them.',
    route: conversationRoute,
  },
  'submission.created': { alert: alert('lead', 'New photo submission'), route: submissionRoute },
  'service-request.created': {
    alert: alert('lead', 'New service request'),
    route: () => '/admin/requests',
  },
  'appointment.created': {
    alert: null,
    quietBecause: 'Staff book appointments themselves; the assistant books during a call staff were told of.',
    route: appointmentRoute,
  },
  'appointment.updated': {
    alert: null,
    quietBecause:
      "Staff's own changes never notify them; a customer's confirmation shows on the appointment's card and the lead's estimate, which refresh live (a move or cancel is appointment.customer-changed).",
    route: appointmentRoute,
  },
  // Toasted too: the change lands on one card among many, and tomorrow's crew may drive there.
  'appointment.customer-changed': {
    alert: alert('visit', 'A customer changed their visit', true),
    route: appointmentRoute,
  },
  'appointment.customer-changed-soon': {
    alert: alert('visit', 'Urgent: a visit today or tomorrow changed', true),
    route: appointmentRoute,
  },
  'quote.opened': {
    alert: null,
    quietBecause: 'Opening a quote asks nothing of staff; the card says "Quote opened".',
    route: quoteRoute,
  },
  'quote.accepted': { alert: alert('quote', 'Quote accepted', true), route: quoteRoute },
  'quote.question-asked': {
    alert: alert('quote', 'Question about a quote', true),
    route: quoteRoute,
  },
  // Toasted too: nobody looks at Settings → Backups until something is already lost.
  'text.received': { alert: alert('text', 'New text message'), route: textRoute },
  'text.updated': {
    alert: null,
    quietBecause: 'Deliveries, take-overs and opt-outs show on the thread; none asks anything of staff.',
    route: textRoute,
  },
  'job.updated': {
    alert: null,
    quietBecause: "The crew moves its own jobs along; the board shows each job's step as it changes.",
    route: () => '/admin/board',
  },
  'crew.updated': {
    alert: null,
    quietBecause: 'Crews change in Settings; the board and Settings redraw, nobody needs interrupting.',
    route: () => '/admin/settings?tab=crews',
  },
  'backup.failed': {
    alert: alert('backup', 'Backup failed', true),
    route: () => '/admin/settings?tab=backups',
  },
  // The failure was announced; so is its end, or staff would keep worrying (or stop looking).
  'backup.recovered': {
    alert: alert('backup', 'Backups work again'),
    route: () => '/admin/settings?tab=backups',
  },
  // A database that suddenly holds far less is how a lost business looks to the backups.
  'backup.shrunk': {
    alert: alert('backup', 'Backup much smaller than before', true),
    route: () => '/admin/settings?tab=backups',
  },
  'payment.received': { alert: alert('payment', 'Payment received'), route: paymentRoute },
  'payment.updated': {
    alert: null,
    quietBecause:
      'A pending bank payment, a refund staff made, a fee or an invoice sent asks nothing of staff; Payments and the job show it.',
    route: paymentRoute,
  },
  // Toasted too: a dispute has a deadline, and nobody watches the Payments screen for one.
  'dispute.opened': {
    alert: alert('payment', 'Payment disputed', true),
    route: () => '/admin/payments?tab=disputes',
  },
};

/** The event kinds a notification switch covers. */
export const eventTypesOfKind = (kind: NotificationKind): LiveEventType[] =>
  LIVE_EVENT_TYPES.filter((type) => LIVE_EVENT_RULES[type].alert?.kind === kind);

const ruleOf = (type: string): LiveEventRule | undefined =>
  (LIVE_EVENT_RULES as Partial<Record<string, LiveEventRule>>)[type];

/** How staff are told about an event, or null for events that only refresh lists. */
export const staffAlertOf = (type: string): StaffAlert | null => ruleOf(type)?.alert ?? null;

/** The kind of notification an event makes, or null for events that make none. */
export const notificationKindOf = (type: string): NotificationKind | null => staffAlertOf(type)?.kind ?? null;

/** Where staff go to see an event's subject (admin routes; the desktop app opens the same). */
export function routeOfEvent(event: Pick<LiveEvent, 'type' | 'entityId'>): string {
  return ruleOf(event.type)?.route(event.entityId) ?? '/admin';
}

/** The lists whose news the sidebar counts; opening one marks it seen for that staff member. */
export const SEEN_LISTS = ['leads', 'calls', 'messages', 'texts', 'visits'] as const;
export type SeenList = (typeof SEEN_LISTS)[number];

/** What is new for the signed-in staff member since they last opened each list. */
export const newForMeSchema = z.object({
  /** Photo submissions and wizard requests. */
  newLeads: z.number().int(),
  /** Missed calls and calls whose caller waits for a call back. */
  missedCalls: z.number().int(),
  /** Messages from customers on Messenger. */
  unreadMessages: z.number().int(),
  /** Texts from customers on the business number. */
  unreadTexts: z.number().int(),
  /** Visits a customer moved, cancelled or asked to reschedule (Appointments). */
  changedVisits: z.number().int(),
});
export type NewForMe = z.infer<typeof newForMeSchema>;
