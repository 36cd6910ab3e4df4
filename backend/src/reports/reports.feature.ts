import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import { moneyByWeekRepository } from './money-by-week.repository.ts';
import { reportRepository } from './report.repository.ts';
import { reportRoutes } from './report.routes.ts';
import { reportService } from './report.service.ts';

/** The weekly reports; `reports` also answers the dashboard's money card. */
export function reportsFeature(deps: { db: Db; config: Pick<Config, 'timeZone'>; clock?: Clock }) {
  const { timeZone } = deps.config;
  const reports = reportService(
    reportRepository(deps.db, timeZone),
    moneyByWeekRepository(deps.db, timeZone),
    timeZone,
    deps.clock,
  );
  return { reports, router: reportRoutes(reports) };
}
