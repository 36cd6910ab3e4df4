import { Router } from 'express';
import {
  placePinSchema,
  rainDaySchema,
  rainDayUndoSchema,
  routeApplySchema,
  routeQuerySchema,
  type Appointment,
} from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { staffOf } from '../auth/staff-session.ts';
import type { EventBus } from '../events/event-bus.ts';
import { appointmentChanged } from '../events/announcements.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import type { DayRoutes } from './day-route.ts';
import type { RainDays } from './rain-day.ts';

/** An undo id is 16 random bytes in lower-case hex (API paths are lower case); anything else names no rain day. */
const UNDO_ID = /^[0-9a-f]{32}$/;

export function scheduleToolsRoutes(deps: {
  routes: DayRoutes;
  rainDays: RainDays;
  appointments: Pick<AppointmentRepository, 'get'>;
  events: EventBus;
}) {
  const router = Router();
  // Every moved visit is announced after the commit: the board refreshes, reminders re-plan.
  const announce = (changed: Appointment[], by: { id: number; name: string }) => {
    for (const visit of changed) deps.events.publish(appointmentChanged(visit, by));
  };

  router.get('/api/schedule/route', async (req, res) => {
    const { date, crewId } = parseWith(routeQuerySchema, req.query);
    res.json(await deps.routes.route(date, crewId));
  });
  router.post('/api/schedule/route/apply', async (req, res) => {
    const { date, crewId } = parseWith(routeApplySchema, req.body ?? {});
    const user = staffOf(res)!.user;
    const { changed, ...applied } = await deps.routes.apply(date, crewId, user);
    announce(changed, user);
    res.json(applied);
  });
  // Staff drop a pin on a visit's address (no geocoder, or it found nothing, or it was wrong).
  router.put('/api/schedule/visits/:id/place', (req, res) => {
    const visit = deps.appointments.get(routeId(req.params));
    if (!visit) throw notFound('Visit');
    const point = parseWith(placePinSchema, req.body ?? {});
    deps.routes.pin(visit.address, point);
    res.json({ visitId: visit.id, address: visit.address, ...point, source: 'pin' });
  });

  router.post('/api/schedule/rain-day/preview', (req, res) => {
    res.json(deps.rainDays.preview(parseWith(rainDaySchema, req.body ?? {})));
  });
  router.post('/api/schedule/rain-day', (req, res) => {
    const user = staffOf(res)!.user;
    const { changed, ...applied } = deps.rainDays.apply(parseWith(rainDaySchema, req.body ?? {}), user);
    announce(changed, user);
    res.status(201).json(applied);
  });
  router.post('/api/schedule/rain-day/:undoId/undo', (req, res) => {
    const { undoId } = req.params;
    if (!UNDO_ID.test(undoId)) throw notFound('Rain day');
    const { date } = parseWith(rainDayUndoSchema, req.body ?? {});
    const user = staffOf(res)!.user;
    const { changed, ...undone } = deps.rainDays.undo(undoId, date, user);
    announce(changed, user);
    res.json(undone);
  });
  return router;
}
