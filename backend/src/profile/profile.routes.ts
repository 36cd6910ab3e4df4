import { Router } from 'express';
import type { Health } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { APP_VERSION } from '../version.ts';
import { publicProfile } from './public-profile.ts';

export function profileRoutes(config: Config, db: Db) {
  const router = Router();
  router.get('/api/public/profile', (_req, res) => {
    res.json(publicProfile(config));
  });
  const migrations = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations');
  router.get('/api/health', (_req, res) => {
    let database: Health['database'];
    try {
      database = { ok: true, migrations: (migrations.get() as { n: number }).n };
    } catch {
      database = { ok: false, migrations: 0 };
    }
    const health: Health = { ok: database.ok, database, version: APP_VERSION };
    res.status(database.ok ? 200 : 503).json(health);
  });
  return router;
}
