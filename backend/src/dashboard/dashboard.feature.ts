import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { Db } from '../db/database.ts';
import { crewRepository } from '../crews/crew.repository.ts';
import type { Clock } from '../time.ts';
import { todaysVisitsRoutes } from './todays-visits.routes.ts';

/** The dashboard's own reads (its figures are the stats feature's): today's visits per crew. */
export function dashboardFeature(deps: {
  db: Db;
  appointments: Pick<AppointmentRepository, 'list'>;
  timeZone: string;
  clock?: Clock;
}) {
  return {
    router: todaysVisitsRoutes({
      appointments: deps.appointments,
      // The crews' owner is only read here.
      crews: crewRepository(deps.db),
      timeZone: deps.timeZone,
      clock: deps.clock ?? Date.now,
    }),
  };
}
