import { z } from 'zod';
import { optionalText } from './common.ts';

// What the customer sends from the visit page (/visit/{token}); see visit-page-texts.ts.

export const visitRescheduleSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please pick a day'),
  time: z.string().min(1, 'Please pick a time').max(20),
});
export const visitCancelSchema = z.object({ reason: optionalText(500) });
