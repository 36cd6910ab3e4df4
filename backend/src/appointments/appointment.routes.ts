import { Router } from 'express';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentUpdateSchema,
  ERROR_CODES,
} from '@washdesk/contract';
import { HttpError, notFound, parseWith, routeId } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { addDays, localDate } from '../time.ts';
import type { AppointmentRepository } from './appointment.repository.ts';
import { statusMoveProblem } from './appointment-status.ts';

/** `timeZone` is the business's: "today" is its calendar day, not the server's. */
export function appointmentRoutes(appointments: AppointmentRepository, timeZone: string) {
  const router = Router();
  router.get('/api/appointments', (req, res) => {
    const { when, ...query } = listQuery(req, appointmentListQuerySchema);
    const today = localDate(new Date(), timeZone);
    const range =
      when === 'today'
        ? { from: today, to: today }
        : when === 'upcoming'
          ? { from: addDays(today, 1), soonestFirst: true }
          : {};
    const { rows, total } = appointments.list({ ...query, ...range });
    sendPage(res, rows, total);
  });
  router.get('/api/appointments/summary', (_req, res) => {
    res.json(appointments.summary(localDate(new Date(), timeZone)));
  });
  router.get('/api/appointments/:id', (req, res) => {
    const appointment = appointments.get(routeId(req.params));
    if (!appointment) throw notFound('Appointment');
    res.json(appointment);
  });
  router.post('/api/appointments/create', (req, res) => {
    res.status(201).json(appointments.create(parseWith(appointmentCreateSchema, req.body ?? {})));
  });
  // Edits, and marking an appointment completed or cancelled.
  router.put('/api/appointments/:id', (req, res) => {
    const id = routeId(req.params);
    const change = parseWith(appointmentUpdateSchema, req.body ?? {});
    const current = appointments.get(id);
    if (!current) throw notFound('Appointment');
    const problem = change.status && statusMoveProblem(current.status, change.status);
    if (problem) throw new HttpError(409, ERROR_CODES.conflict, problem);
    const updated = appointments.update(id, change);
    if (!updated) throw notFound('Appointment');
    res.json(updated);
  });
  return router;
}
