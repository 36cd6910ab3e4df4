import { z } from 'zod';

/**
 * A private calendar subscription as Settings lists it; the secret link is shown only once. The
 * owner sees every live link, other staff their own; a link ends with its creator's access.
 */
export const calendarFeedSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** The staff member who created it, by name. */
  createdBy: z.string().nullable(),
  /** Their account: the link is revoked when that account is disabled, reset or signed out everywhere. */
  createdByUserId: z.number().int().nullable(),
  /** When a calendar app last read it (to the minute); null if never. */
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The answer to creating one: its path holds the secret token (not stored, so not shown again). */
export const calendarFeedCreatedSchema = calendarFeedSchema.extend({
  /** `/api/calendar-feed/{token}.ics`; the screen puts its own origin in front. */
  path: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const calendarFeedPath = (token: string) => `/api/calendar-feed/${token}.ics`;
