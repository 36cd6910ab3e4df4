import { Router } from 'express';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { Db } from '../db/database.ts';
import { crewRepository } from '../crews/crew.repository.ts';
import type { ReportService } from '../reports/report.service.ts';
import type { Clock } from '../time.ts';
import { dashboardMoneyRoutes } from './dashboard-money.routes.ts';
import { todaysVisitsRoutes } from './todays-visits.routes.ts';

/**
 * The dashboard's own reads (its counts are the stats feature's): today's visits per crew, and the
 * money of the last weeks (the reports feature's figures).
 */
export function dashboardFeature(deps: {
  db: Db;
  appointments: Pick<AppointmentRepository, 'list'>;
  reports: Pick<ReportService, 'money'>;
  timeZone: string;
  clock?: Clock;
}) {
  const router = Router();
  router.use(dashboardMoneyRoutes(deps.reports));
  router.use(
    todaysVisitsRoutes({
      appointments: deps.appointments,
      // The crews' owner is only read here.
      crews: crewRepository(deps.db),
      timeZone: deps.timeZone,
      clock: deps.clock ?? Date.now,
    }),
  );
  return { router };
}
