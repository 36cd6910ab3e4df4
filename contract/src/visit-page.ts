import { z } from 'zod';
import { optionalText } from './common.ts';

// What the customer sends from the visit page (/visit/{token}); see visit-page-texts.ts.

export const visitRescheduleSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please pick a day'),
  time: z.string().min(1, 'Please pick a time').max(20),
});
export const visitCancelSchema = z.object({ reason: optionalText(500) });

/** "Copy visit link" (staff, on an appointment): a fresh link to the customer's visit page. */
export const visitLinkSchema = z.object({ url: z.string() });
export type VisitLink = z.infer<typeof visitLinkSchema>;
/** Why a visit has no link to share: its page answers only while the visit stands. */
export const VISIT_LINK_REFUSED = 'This visit is cancelled, completed or past, so its page can no longer be answered.';
