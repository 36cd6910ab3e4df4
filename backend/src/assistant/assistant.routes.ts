import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { assistantStatus } from './assistant-status.ts';

export function assistantRoutes(config: Config, db: Db) {
  const router = Router();
  const status = assistantStatus(config, db);
  router.get('/api/assistant/status', (_req, res) => {
    res.json(status());
  });
  return router;
}
