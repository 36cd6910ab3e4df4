import { Router } from 'express';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentUpdateSchema,
  idParamSchema,
} from '@washdesk/contract';
import { notFound, parseWith } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { AppointmentRepository } from './appointment.repository.ts';

export function appointmentRoutes(appointments: AppointmentRepository) {
  const router = Router();
  router.get('/api/appointments', (req, res) => {
    const { rows, total } = appointments.list(listQuery(req, appointmentListQuerySchema));
    sendPage(res, rows, total);
  });
  router.get('/api/appointments/:id', (req, res) => {
    const appointment = appointments.get(parseWith(idParamSchema, req.params).id);
    if (!appointment) throw notFound('Appointment');
    res.json(appointment);
  });
  router.post('/api/appointments/create', (req, res) => {
    res.status(201).json(appointments.create(parseWith(appointmentCreateSchema, req.body ?? {})));
  });
  // Edits, and marking an appointment completed or cancelled.
  router.put('/api/appointments/:id', (req, res) => {
    const { id } = parseWith(idParamSchema, req.params);
    const updated = appointments.update(id, parseWith(appointmentUpdateSchema, req.body ?? {}));
    if (!updated) throw notFound('Appointment');
    res.json(updated);
  });
  return router;
}
