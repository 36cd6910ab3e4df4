import { z } from 'zod';

/** Settings → Backups and `GET /api/backups/status`: what is saved, and whether it was proven. */
export const backupStatusSchema = z.object({
  /** Minutes between scheduled backups; 0 = none scheduled. */
  everyMinutes: z.number().int(),
  lastBackup: z
    .object({ name: z.string(), at: z.string(), databaseBytes: z.number().int(), photos: z.number().int() })
    .nullable(),
  /** The newest restore test: restored into a temporary folder and checked against its manifest. */
  lastVerification: z
    .object({ backup: z.string(), at: z.string(), ok: z.boolean(), problems: z.array(z.string()) })
    .nullable(),
  /** The last backup or verification that failed, until a backup succeeds again. */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /**
   * Backups failing right now: since when, how many tries, and when the next one is (each try
   * waits twice as long as the one before, up to the schedule). Null when they work.
   */
  failing: z
    .object({ since: z.string(), attempts: z.number().int(), nextAttemptAt: z.string().nullable() })
    .nullable()
    .optional(),
  offSite: z.object({
    configured: z.boolean(),
    lastCopiedAt: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** `POST /api/backups` (the owner's "Back up now"): the backup just taken. */
export const backupTakenSchema = z.object({
  name: z.string(),
  at: z.string(),
  databaseBytes: z.number().int(),
  photos: z.number().int(),
  rows: z.number().int(),
});
export type BackupTaken = z.infer<typeof backupTakenSchema>;
