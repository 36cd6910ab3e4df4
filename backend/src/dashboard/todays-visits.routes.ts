import { Router } from 'express';
import type { TodaysVisits } from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import { localDate, type Clock } from '../time.ts';

/** At most this many visits a day are listed (five crews' full days fit many times over). */
const DAY_LIMIT = 200;

/**
 * "Today's visits" on the dashboard: every visit of the business's today that is not cancelled,
 * under its crew (each active crew shows, even with nothing booked: an idle crew is news too).
 */
export function todaysVisitsRoutes(deps: {
  appointments: Pick<AppointmentRepository, 'list'>;
  crews: Pick<CrewRepository, 'all'>;
  timeZone: string;
  clock: Clock;
}) {
  const router = Router();
  router.get('/api/dashboard/todays-visits', (_req, res) => {
    const date = localDate(new Date(deps.clock()), deps.timeZone);
    const { rows } = deps.appointments.list({ from: date, to: date, today: date, limit: DAY_LIMIT, offset: 0 });
    const visits = rows.filter((v) => v.status !== 'cancelled');
    const crews = deps.crews.all();
    const known = new Set(crews.map((c) => c.id));
    const of = (crewId: number | null) =>
      visits
        .filter((v) => (crewId === null ? v.crewId === null || !known.has(v.crewId) : v.crewId === crewId))
        .map((v) => ({
          id: v.id,
          time: v.preferredTime,
          customerName: v.customerName,
          address: v.address,
          kind: v.kind,
          status: v.status,
          durationMinutes: v.durationMinutes,
        }));
    const body: TodaysVisits = {
      date,
      crews: [
        ...crews
          .map((c) => ({ id: c.id, name: c.name, color: c.color, active: c.active, visits: of(c.id) }))
          .filter((c) => c.active || c.visits.length > 0)
          .map(({ active: _active, ...c }) => c),
        ...(of(null).length ? [{ id: null, name: 'No crew', color: null, visits: of(null) }] : []),
      ],
    };
    res.json(body);
  });
  return router;
}
