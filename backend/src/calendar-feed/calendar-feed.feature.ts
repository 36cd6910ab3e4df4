import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { Clock } from '../time.ts';
import { calendarFeedRepository } from './calendar-feed.repository.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';

/** Each staff member's private calendar feed of the appointments. */
export function calendarFeedFeature(deps: {
  db: Db;
  config: Config;
  appointments: AppointmentRepository;
  clock?: Clock;
}) {
  const feeds = calendarFeedRepository(deps.db, deps.clock);
  return { router: calendarFeedRoutes(deps.config, feeds, deps.appointments) };
}
