import { Router } from 'express';
import type { BackupService } from './backup-service.ts';

/** Settings → Backups reads this (staff only: the guard puts the session check first). */
export function backupRoutes(backups: BackupService) {
  const router = Router();
  router.get('/api/backups/status', (_req, res) => {
    res.json(backups.status());
  });
  return router;
}
