import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import { quotePerformanceRepository } from './quote-performance.repository.ts';
import { statsRepository } from './stats.repository.ts';
import { statsRoutes } from './stats.routes.ts';
import { statsService } from './stats.service.ts';

/** The dashboard's figures. */
export function statsFeature(deps: { db: Db; config: Pick<Config, 'timeZone'>; clock?: Clock }) {
  const stats = statsRepository(deps.db, deps.config.timeZone);
  return { router: statsRoutes(statsService(stats, quotePerformanceRepository(deps.db), deps.clock)) };
}
