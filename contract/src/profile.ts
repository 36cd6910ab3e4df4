// zod/mini: the sign-in screen shows the business's name from the public profile, in the admin's
// first load; see session.ts.
import * as z from 'zod/mini';

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
  database: z.object({ ok: z.boolean(), migrations: z.int() }),
  version: z.string(),
  /** The git commit the running build came from (set in the container image); null elsewhere. */
  commit: z.optional(z.nullable(z.string())),
  /** The newest finished backup: when, how old, and whether its latest restore test passed. */
  backup: z.optional(
    z.object({
      lastAt: z.nullable(z.string()),
      ageMinutes: z.nullable(z.int()),
      verifiedOk: z.nullable(z.boolean()),
    }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
