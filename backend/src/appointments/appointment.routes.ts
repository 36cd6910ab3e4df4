import { Router } from 'express';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentUpdateSchema,
  CANCEL_REASON_REQUIRED,
  ERROR_CODES,
} from '@washdesk/contract';
import { HttpError, notFound, parseWith, routeId, validationError } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { addDays, type Clock } from '../time.ts';
import type { AppointmentRepository } from './appointment.repository.ts';
import { appointmentRules } from './appointment-rules.ts';
import { statusMoveProblem } from './appointment-status.ts';
import type { EventBus } from '../events/event-bus.ts';
import { appointmentBooked, appointmentChanged } from '../events/announcements.ts';
import { staffOf } from '../auth/staff-session.ts';

/**
 * `timeZone` is the business's: "today" is its calendar day, not the server's. `clock` says what
 * time it is (tests fix it).
 */

export function appointmentRoutes(
  appointments: AppointmentRepository,
  timeZone: string,
  clock: Clock = Date.now,
  events?: EventBus,
) {
  const router = Router();
  const { today, refusePast, refuseClash, freeCrew } = appointmentRules(appointments, timeZone, clock);

  router.get('/api/appointments', (req, res) => {
    const { when, ...query } = listQuery(req, appointmentListQuerySchema);
    const day = today();
    const range =
      when === 'today'
        ? { from: day, to: day }
        : when === 'upcoming'
          ? { from: addDays(day, 1), soonestFirst: true }
          : {};
    const { rows, total } = appointments.list({ ...query, ...range, today: day });
    sendPage(res, rows, total);
  });
  router.get('/api/appointments/summary', (_req, res) => {
    res.json(appointments.summary(today()));
  });
  router.get('/api/appointments/:id', (req, res) => {
    const appointment = appointments.get(routeId(req.params));
    if (!appointment) throw notFound('Appointment');
    res.json(appointment);
  });
  router.post('/api/appointments/create', (req, res) => {
    const input = parseWith(appointmentCreateSchema, req.body ?? {});
    refusePast(input.preferredDate, 'preferredDate', input.preferredTime);
    const slot = { date: input.preferredDate, time: input.preferredTime };
    refuseClash(slot, input.allowOverlap);
    // On the first crew free then (booked anyway over a clash: the first crew's day).
    const created = appointments.create(input, 'staff', null, { crewId: freeCrew(slot) });
    events?.publish(appointmentBooked(created, `by ${staffOf(res)!.user.name}`, staffOf(res)!.user.id));
    res.status(201).json(created);
  });
  // Edits, and marking an appointment completed or cancelled.
  router.put('/api/appointments/:id', (req, res) => {
    const id = routeId(req.params);
    const { allowOverlap, ...change } = parseWith(appointmentUpdateSchema, req.body ?? {});
    const current = appointments.get(id);
    if (!current) throw notFound('Appointment');
    const problem = change.status && statusMoveProblem(current.status, change.status);
    if (problem) throw new HttpError(409, ERROR_CODES.conflict, problem);

    const cancelling = change.status === 'cancelled' && current.status !== 'cancelled';
    if (cancelling && !change.cancelReason) throw validationError({ cancelReason: CANCEL_REASON_REQUIRED });
    // The reason belongs to a cancelled visit only: putting it back on the calendar clears it.
    if (change.status === 'scheduled' && current.status === 'cancelled') change.cancelReason = null;
    else if (!cancelling && current.status !== 'cancelled') delete change.cancelReason;

    const dateMoved = change.scheduledDate !== undefined && change.scheduledDate !== current.scheduledDate;
    const after = { ...current, ...change };
    const slotMoved =
      dateMoved || (change.preferredTime !== undefined && change.preferredTime !== current.preferredTime);
    // Only a move is checked: a visit earlier today can still be edited or marked completed.
    if (slotMoved && after.status === 'scheduled')
      refusePast(after.scheduledDate, 'scheduledDate', after.preferredTime);
    else if (dateMoved) refusePast(change.scheduledDate!, 'scheduledDate');
    const rebooked = change.status === 'scheduled' && current.status !== 'scheduled';
    if (after.status === 'scheduled' && (slotMoved || rebooked))
      refuseClash(
        {
          date: after.scheduledDate,
          time: after.preferredTime,
          exceptId: id,
          crewId: current.crewId,
          durationMinutes: current.durationMinutes,
        },
        allowOverlap,
      );

    const updated = appointments.update(id, change);
    if (!updated) throw notFound('Appointment');
    events?.publish(appointmentChanged(updated, staffOf(res)!.user));
    res.json(updated);
  });
  return router;
}
