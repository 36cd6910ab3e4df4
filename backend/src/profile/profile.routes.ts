import { Router } from 'express';
import { FOLLOW_UP_HOURS, SERVICE_RADIUS_MILES, type Health, type PublicProfile } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { APP_VERSION } from '../version.ts';

export function profileRoutes(config: Config, db: Db) {
  const router = Router();
  router.get('/api/public/profile', (_req, res) => {
    const profile: PublicProfile = {
      businessName: config.business.name,
      phone: config.business.phone,
      email: config.business.email,
      serviceArea: config.business.serviceArea,
      schedulingCalendarUrl: config.business.schedulingCalendarUrl,
      serviceRadiusMiles: SERVICE_RADIUS_MILES,
      followUpHours: FOLLOW_UP_HOURS,
    };
    res.json(profile);
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
