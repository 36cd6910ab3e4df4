import { Router, type Response } from 'express';
import { calendarFeedPath, roleCan } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { notFound, routeId } from '../http/errors.ts';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { CalendarFeedRepository } from './calendar-feed.repository.ts';
import { appointmentsCalendar } from './appointments-calendar.ts';

/** Staff manage private subscription links; a calendar app reads the schedule with one. */
export function calendarFeedRoutes(
  config: Config,
  feeds: CalendarFeedRepository,
  appointments: AppointmentRepository,
) {
  const router = Router();
  // Whoever holds `othersCalendarLinks` (the owner) sees and revokes every link; everyone else
  // only their own (someone else's link is "not found" to them, as if it did not exist).
  const scopeOf = (res: Response) => {
    const { user } = staffOf(res)!;
    return roleCan(user.role, 'othersCalendarLinks') ? undefined : user.id;
  };
  router.get('/api/calendar-feeds', (_req, res) => {
    res.json(feeds.list(scopeOf(res)));
  });
  router.post('/api/calendar-feeds', (_req, res) => {
    const { user } = staffOf(res)!;
    const { feed, token } = feeds.create(user);
    res.status(201).json({ ...feed, path: calendarFeedPath(token) });
  });
  router.delete('/api/calendar-feeds/:id', (req, res) => {
    if (!feeds.revoke(routeId(req.params), scopeOf(res))) throw notFound('Calendar link');
    res.status(204).end();
  });
  // Public (see public-routes.ts): the token in the path is the credential. Unknown and revoked
  // tokens get the same 404, so an answer says nothing about which tokens ever existed.
  router.get('/api/calendar-feed/:token.ics', (req, res) => {
    if (!feeds.opens(req.params.token)) throw notFound('Calendar');
    res
      .type('text/calendar; charset=utf-8')
      .send(appointmentsCalendar(appointments.onCalendar(), config.timeZone, config.business.name));
  });
  return router;
}
