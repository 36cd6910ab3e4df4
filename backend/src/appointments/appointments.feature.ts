import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import { appointmentRepository } from './appointment.repository.ts';
import { appointmentRoutes } from './appointment.routes.ts';

/** Appointments; `appointments` is what the assistant, leads, reminders and the feed book and read. */
export function appointmentsFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone'>;
  events: EventBus;
  clock?: Clock;
}) {
  const appointments = appointmentRepository(deps.db);
  return {
    appointments,
    router: appointmentRoutes(appointments, deps.config.timeZone, deps.clock, deps.events),
  };
}
