import { Router } from 'express';
import { leadEstimateBookingSchema, type LeadEstimateBooked } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import type { Db } from '../db/database.ts';
import { appointmentBooked } from '../events/announcements.ts';
import type { EventBus } from '../events/event-bus.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import type { Clock } from '../time.ts';
import type { LeadRepository } from './lead.repository.ts';

export interface LeadEstimateDeps {
  db: Db;
  leads: LeadRepository;
  appointments: AppointmentRepository;
  /** The business's time zone: no estimate is booked before its today. */
  timeZone: string;
  clock?: Clock;
  events?: EventBus;
}

/**
 * "Book estimate" from the requests inbox: the appointment dialog's fields book the visit and move
 * the lead to "estimate-booked" in one transaction, so there is never a booked visit the inbox
 * does not show, nor a lead marked booked without its visit. A refusal (past date, taken slot,
 * unknown lead) rolls back both. A quoted or won lead keeps its stage (see `bookedEstimate`).
 */
export function leadEstimateRoutes({
  db,
  leads,
  appointments,
  timeZone,
  clock = Date.now,
  events,
}: LeadEstimateDeps) {
  const rules = appointmentRules(appointments, timeZone, clock);
  const book = db.transaction((leadId: number, input: ReturnType<typeof parseBooking>, userId: number) => {
    if (!leads.get(leadId)) throw notFound('Lead');
    rules.refusePast(input.preferredDate, 'preferredDate', input.preferredTime);
    rules.refuseClash({ date: input.preferredDate, time: input.preferredTime }, input.allowOverlap);
    const appointment = appointments.create(input);
    leads.bookedEstimate(leadId, appointment.id, userId);
    return { appointment, lead: leads.get(leadId)! } satisfies LeadEstimateBooked;
  });

  const router = Router();
  router.post('/api/leads/:id/estimate', (req, res) => {
    const leadId = routeId(req.params);
    const input = parseBooking(req.body);
    const staff = staffOf(res)!.user;
    const booked = book(leadId, input, staff.id);
    // After the commit: the appointment lists refresh, and so does the inbox (live-invalidation.ts).
    events?.publish(
      appointmentBooked(booked.appointment, `by ${staff.name} from the requests inbox`, staff.id),
    );
    res.status(201).json(booked);
  });
  return router;
}

const parseBooking = (body: unknown) => parseWith(leadEstimateBookingSchema, body ?? {});
