import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import { reportRepository } from './report.repository.ts';
import { reportRoutes } from './report.routes.ts';
import { reportService } from './report.service.ts';

/** The weekly reports. */
export function reportsFeature(deps: { db: Db; config: Pick<Config, 'timeZone'>; clock?: Clock }) {
  const { timeZone } = deps.config;
  return { router: reportRoutes(reportService(reportRepository(deps.db, timeZone), timeZone, deps.clock)) };
}
