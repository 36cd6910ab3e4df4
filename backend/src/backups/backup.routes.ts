import { Router } from 'express';
import { ERROR_CODES, type BackupTaken } from '@washdesk/contract';
import { HttpError } from '../http/errors.ts';
import type { BackupService } from './backup-service.ts';
import { rowsIn } from './retention.ts';

/** Settings → Backups reads this (staff only: the guard puts the session check first). */
export function backupRoutes(backups: BackupService) {
  const router = Router();
  router.get('/api/backups/status', (_req, res) => {
    res.json(backups.status());
  });
  // "Back up now": the owner's (who answers for the business's data). It waits for the backup and
  // answers what happened: the backup taken, or the failure as Settings will show it.
  router.post('/api/backups', async (_req, res) => {
    const outcome = await backups.backUpNow('manual');
    if (!outcome.ok)
      throw outcome.busy
        ? new HttpError(409, ERROR_CODES.conflict, `${outcome.message} Try again in a minute.`)
        : new HttpError(503, ERROR_CODES.unavailable, outcome.message);
    const { backup } = outcome;
    const taken: BackupTaken = {
      name: backup.name,
      at: backup.manifest.takenAt,
      databaseBytes: backup.manifest.database.bytes,
      photos: backup.manifest.photos.length,
      rows: rowsIn(backup),
    };
    res.status(201).json(taken);
  });
  return router;
}
