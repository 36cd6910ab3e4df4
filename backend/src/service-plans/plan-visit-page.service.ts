import {
  APPOINTMENT_SERVICE_TYPES,
  ERROR_CODES,
  PLAN_VISIT_REFUSALS,
  type PreferredTime,
  type PublicPlanVisit,
} from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { Db } from '../db/database.ts';
import { appointmentBooked } from '../events/announcements.ts';
import type { EventBus } from '../events/event-bus.ts';
import { HttpError } from '../http/errors.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import { addDays } from '../time.ts';
import type { PlanVisitLinks } from './plan-visit-links.ts';
import type { ServicePlanRepository } from './service-plan.repository.ts';

// The customer's "pick your slot" page for a plan's job (/plan-visit/{token}). The key alone
// opens that one job; every bad key (forged, altered, of a cancelled job or a stopped plan) gets
// the same 404. The slots are the booking rules' open times for the job's duration — the same
// rule every other booking path asks — and a pick is checked against them again when it arrives,
// so a slot taken meanwhile is refused, never double-booked.

/** How many days from the due month's start (or today, if later) the page offers. */
export const PICK_DAYS = 28;

/** What the page needs of the booking rules (appointments/appointment-rules.ts). */
export interface SlotRules {
  today(): string;
  openTimes(date: string, visit?: { durationMinutes?: number }): readonly string[];
  /** The crew free for this slot (else null: the first active crew takes it). */
  freeCrew(slot: { date: string; time: string; durationMinutes?: number }): number | null;
}

export function planVisitPageService(deps: {
  db: Db;
  links: PlanVisitLinks;
  jobs: Pick<JobRepository, 'get' | 'setStatus'>;
  plans: Pick<ServicePlanRepository, 'get'>;
  appointments: Pick<AppointmentRepository, 'create' | 'ofJob'>;
  rules: SlotRules;
  events: Pick<EventBus, 'publish'>;
  business: { name: string; phone: string };
}) {
  const { rules } = deps;
  const notFound = () => new HttpError(404, ERROR_CODES.notFound, PLAN_VISIT_REFUSALS.notFound);
  const jobOf = (token: string) => {
    const id = deps.links.jobOf(token);
    const job = id === undefined ? undefined : deps.jobs.get(id);
    if (!job || job.status === 'cancelled' || job.planId === null || !job.dueMonth) throw notFound();
    const plan = deps.plans.get(job.planId);
    if (!plan || (plan.status !== 'active' && job.status === 'unscheduled')) throw notFound();
    return { ...job, dueMonth: job.dueMonth };
  };
  const offeredDays = (dueMonth: string, durationMinutes: number) => {
    const today = rules.today();
    const monthStart = `${dueMonth}-01`;
    const first = monthStart > today ? monthStart : today;
    return Array.from({ length: PICK_DAYS }, (_, i) => addDays(first, i))
      .map((date) => ({ date, times: [...rules.openTimes(date, { durationMinutes })] }))
      .filter((d) => d.times.length > 0);
  };

  return {
    open(token: string): PublicPlanVisit {
      const job = jobOf(token);
      const visit = job.status === 'unscheduled' ? undefined : deps.appointments.ofJob(job.id);
      return {
        business: deps.business,
        customerFirstName: job.customerName.trim().split(/\s+/)[0] || null,
        title: job.title,
        services: job.lineItems.map((l) => l.service),
        dueMonth: job.dueMonth,
        durationMinutes: job.durationMinutes,
        priceCents: job.priceCents,
        booked: visit ? { date: visit.scheduledDate, time: visit.preferredTime ?? '' } : null,
        days: job.status === 'unscheduled' ? offeredDays(job.dueMonth, job.durationMinutes) : [],
      };
    },
    /** Books the job's visit at a slot the page offered and that is still free. */
    pick(token: string, slot: { date: string; time: string }) {
      const booked = deps.db.transaction(() => {
        const job = jobOf(token);
        if (job.status !== 'unscheduled')
          throw new HttpError(409, ERROR_CODES.conflict, PLAN_VISIT_REFUSALS.booked);
        const day = offeredDays(job.dueMonth, job.durationMinutes).find((d) => d.date === slot.date);
        if (!day?.times.includes(slot.time))
          throw new HttpError(409, ERROR_CODES.conflict, PLAN_VISIT_REFUSALS.taken);
        const single = job.lineItems.length === 1 ? job.lineItems[0]!.service : null;
        const serviceType =
          APPOINTMENT_SERVICE_TYPES.find((t) => single && t.replace('-', ' ') === single.toLowerCase()) ??
          'multiple-services';
        const visit = deps.appointments.create(
          {
            customerName: job.customerName,
            customerPhone: job.customerPhone,
            customerEmail: job.customerEmail,
            address: job.address,
            serviceType,
            preferredDate: slot.date,
            // One of the open times just read, so one of the bookable times.
            preferredTime: slot.time as PreferredTime,
            notes: null,
          },
          'web',
          null,
          {
            kind: 'job',
            jobId: job.id,
            durationMinutes: job.durationMinutes,
            crewId: rules.freeCrew({ ...slot, durationMinutes: job.durationMinutes }),
          },
        );
        deps.jobs.setStatus(job.id, 'scheduled');
        return visit;
      })();
      // After commit: the office hears of it and the visit's reminders are planned (events.react).
      deps.events.publish(appointmentBooked(booked, 'by the customer from their service plan link'));
      return { date: booked.scheduledDate, time: booked.preferredTime ?? slot.time };
    },
  };
}
export type PlanVisitPageService = ReturnType<typeof planVisitPageService>;
