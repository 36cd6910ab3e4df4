import { z } from 'zod';
import { VISIT_KINDS } from './jobs.ts';

// The dashboard's "Today's visits" (issue 33, item 8): the business's today, crew by crew, in
// the order of the day, so the office sees at a glance who goes where.

export const todaysVisitSchema = z.object({
  id: z.number().int(),
  time: z.string().nullable(),
  customerName: z.string(),
  address: z.string(),
  kind: z.enum(VISIT_KINDS),
  status: z.string(),
  durationMinutes: z.number().int(),
});
export const todaysVisitsSchema = z.object({
  /** `YYYY-MM-DD`, the business's today. */
  date: z.string(),
  crews: z.array(
    z.object({
      /** Null: visits on no crew (a crew retired since, or none set). */
      id: z.number().int().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      visits: z.array(todaysVisitSchema),
    }),
  ),
});
export type TodaysVisits = z.infer<typeof todaysVisitsSchema>;
