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
  /** The git commit the running build came from (set in the container image); null elsewhere. */
  commit: z.string().nullable().optional(),
  /** The newest finished backup: when, how old, and whether its latest restore test passed. */
  backup: z
    .object({
      lastAt: z.string().nullable(),
      ageMinutes: z.number().int().nullable(),
      verifiedOk: z.boolean().nullable(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;
