import { z } from 'zod';

/** What staff hear about the moment it happens (GET /api/events, Server-Sent Events). */
export const LIVE_EVENT_TYPES = [
  'call.created',
  /** Answered, missed, callback requested, ended. */
  'call.updated',
  'message.received',
  'submission.created',
  'service-request.created',
  'appointment.created',
  'appointment.updated',
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
