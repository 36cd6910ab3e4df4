import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { CalendarFeedRepository } from './calendar-feed.repository.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';

/** Each staff member's private calendar feed of the appointments. */
export function calendarFeedFeature(deps: {
  /** Built once in app.ts: ending a staff member's access (auth/) revokes their links too. */
  calendarFeeds: CalendarFeedRepository;
  config: Config;
  appointments: AppointmentRepository;
}) {
  return { router: calendarFeedRoutes(deps.config, deps.calendarFeeds, deps.appointments) };
}
