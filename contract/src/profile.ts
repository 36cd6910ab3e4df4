import { z } from 'zod';

/** What the public pages may say about the business (from the server's configuration). */
export const publicProfileSchema = z.object({
  businessName: z.string(),
  phone: z.string(),
  email: z.string(),
  serviceArea: z.string(),
  /** Empty when no external calendar is configured. */
  schedulingCalendarUrl: z.string(),
  serviceRadiusMiles: z.number(),
  followUpHours: z.number(),
  /** Who makes the instant estimates: the AI model looking at the photos, or the local estimate from the answers. */
  instantQuotes: z.enum(['ai-model', 'local-estimate']),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean(), migrations: z.number().int() }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
