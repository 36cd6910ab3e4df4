import {
  ERROR_CODES,
  JOB_NEXT_STATUS,
  LAST_CREW,
  MAX_CREWS,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  TOO_MANY_CREWS,
  jobStepMessage,
  type Appointment,
  type Crew,
  type CrewUpdate,
  type Job,
  type JobStatus,
  type VisitMove,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import { appointmentBooked, appointmentChanged } from '../events/announcements.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { CLOSED_HOURS_MESSAGE } from '../appointments/appointment-rules.ts';
import type { BoardRead } from './board.read.ts';
import type { CustomerNotices } from './customer-notices.ts';

/**
 * The booking rules the board asks (appointments/appointment-rules.ts, the one home of "is this
 * visit time bookable?"): open business hours for the whole visit, and no overlap on that crew.
 */
export interface BoardRules {
  today(): string;
  timeHasPassed(date: string, time: string | null | undefined): boolean;
  isOpen(date: string, time: string, durationMinutes: number): boolean;
  refuseClash(
    slot: { date: string; time: string; crewId: number; durationMinutes: number; exceptId?: number },
    allowOverlap: boolean | undefined,
  ): void;
}

export interface Actor {
  id: number;
  name: string;
}

/** A slot the board cannot use: the request was understood, the business's day says no. */
const notBookable = (message: string, field?: string) =>
  new HttpError(422, ERROR_CODES.validation, message, field ? { [field]: message } : undefined);
const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);

const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayOf = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));
const durationText = (minutes: number) => (minutes % 60 ? `${minutes}-minute` : `${minutes / 60}-hour`);

/**
 * The board's decisions: moving a visit, giving a tray job its visit, a job's next step and the
 * crews. Each write goes through its table's owner inside one transaction with the customer's
 * text (the outbox row), and is announced after it commits.
 */
export function scheduleService(deps: {
  db: Db;
  appointments: Pick<AppointmentRepository, 'get' | 'moveToSlot' | 'createJobVisit' | 'update'>;
  jobs: Pick<JobRepository, 'get' | 'setStatus'>;
  crews: Pick<CrewRepository, 'get' | 'all' | 'active' | 'create' | 'update'>;
  board: Pick<BoardRead, 'visitOfJob' | 'crewVisitsFrom'>;
  rules: BoardRules;
  notices: CustomerNotices;
  events: EventBus;
}) {
  const { db, appointments, jobs, crews, rules, notices, events } = deps;

  const activeCrew = (crewId: number): Crew => {
    const crew = crews.get(crewId);
    if (!crew) throw notBookable('There is no such crew: choose one on the board', 'crewId');
    if (!crew.active) throw notBookable(`${crew.name} is retired: choose an active crew`, 'crewId');
    return crew;
  };
  /** Every rule a slot must meet, in the order staff can act on: crew, day, hours, the crew's other visits. */
  const refuseSlot = (slot: VisitMove, durationMinutes: number, exceptId?: number) => {
    const crew = activeCrew(slot.crewId);
    if (slot.date < rules.today()) throw notBookable(PAST_DATE_MESSAGE, 'date');
    if (rules.timeHasPassed(slot.date, slot.time)) throw notBookable(PAST_TIME_MESSAGE, 'time');
    if (!rules.isOpen(slot.date, slot.time, durationMinutes))
      throw notBookable(
        `${CLOSED_HOURS_MESSAGE}: a ${durationText(durationMinutes)} visit at ${slot.time} on ${dayOf(slot.date)} would not fit`,
        'time',
      );
    rules.refuseClash({ ...slot, durationMinutes, exceptId }, false);
    return crew;
  };
  const titleOf = (visit: Appointment) =>
    (visit.jobId ? jobs.get(visit.jobId)?.title : undefined) ?? visit.serviceType;

  return {
    /** Moves a visit to another day, hour or crew; the customer hears of a new day or hour. */
    move(id: number, slot: VisitMove, by: Actor): Appointment & { textQueued: boolean } {
      const visit = appointments.get(id);
      if (!visit) throw notFound('Visit');
      if (visit.status !== 'scheduled')
        throw conflict(`This visit is ${visit.status}: only a scheduled visit can be moved`);
      const job = visit.jobId ? jobs.get(visit.jobId) : undefined;
      if (job && job.status !== 'scheduled')
        throw conflict(
          `This job is already under way (${job.status.replace(/_/g, ' ')}): it stays where it is`,
        );
      const crew = refuseSlot(slot, visit.durationMinutes, id);
      const sameSlot =
        visit.scheduledDate === slot.date &&
        visit.preferredTime === slot.time &&
        visit.crewId === slot.crewId;
      if (sameSlot) return { ...visit, textQueued: false };
      const { moved, textQueued } = db.transaction(() => {
        const after = appointments.moveToSlot(id, slot)!;
        const dayOrHour = visit.scheduledDate !== slot.date || visit.preferredTime !== slot.time;
        const queued =
          dayOrHour &&
          notices.visitMoved({
            id,
            kind: after.kind,
            title: titleOf(after),
            customerPhone: after.customerPhone,
            date: slot.date,
            time: slot.time,
          });
        return { moved: after, textQueued: queued };
      })();
      // appointment.updated: reminders re-plan for the new time, every open board redraws.
      events.publish({
        ...appointmentChanged(moved, by),
        summary: `${moved.customerName}'s visit moved to ${dayOf(slot.date)} at ${slot.time} (${crew.name}) by ${by.name}`,
      });
      return { ...moved, textQueued };
    },

    /** A job from the tray gets its visit: the job's customer, its duration, the chosen crew. */
    bookJob(jobId: number, slot: VisitMove, by: Actor): Appointment {
      const job = jobs.get(jobId);
      if (!job) throw notFound('Job');
      if (job.status !== 'unscheduled')
        throw conflict(
          `This job is already ${job.status.replace(/_/g, ' ')}: move its visit on the board instead`,
        );
      refuseSlot(slot, job.durationMinutes);
      const visit = db.transaction(() => {
        const created = appointments.createJobVisit({
          jobId,
          customerName: job.customerName,
          customerPhone: job.customerPhone,
          customerEmail: job.customerEmail,
          address: job.address,
          serviceType: job.title,
          date: slot.date,
          time: slot.time,
          crewId: slot.crewId,
          durationMinutes: job.durationMinutes,
        });
        jobs.setStatus(jobId, 'scheduled');
        return created;
      })();
      events.publish(appointmentBooked(visit, `by ${by.name}`, by.id));
      events.publish({
        type: 'job.updated',
        entityId: jobId,
        summary: `${job.customerName}'s ${job.title} scheduled for ${dayOf(slot.date)} at ${slot.time} by ${by.name}`,
        actorUserId: by.id,
      });
      return visit;
    },

    /** scheduled → on the way → in progress → done, one step at a time. */
    advanceJob(jobId: number, status: JobStatus, by: Actor): Job {
      const job = jobs.get(jobId);
      if (!job) throw notFound('Job');
      if (JOB_NEXT_STATUS[job.status] !== status) throw conflict(jobStepMessage(job.status, status));
      const visitId = deps.board.visitOfJob(jobId);
      const { updated, completedVisit } = db.transaction(() => {
        const updated = jobs.setStatus(jobId, status)!;
        if (status === 'on_the_way') notices.onMyWay(updated);
        // The work done is the visit done: reviews and the calendar follow the visit's status.
        const completedVisit =
          status === 'done' && visitId ? appointments.update(visitId, { status: 'completed' }) : undefined;
        return { updated, completedVisit };
      })();
      events.publish({
        type: 'job.updated',
        entityId: jobId,
        summary: `${job.customerName}'s ${job.title} is ${status.replace(/_/g, ' ')}, by ${by.name}`,
        actorUserId: by.id,
      });
      if (completedVisit) events.publish(appointmentChanged(completedVisit, by));
      return updated;
    },

    addCrew(crew: { name: string; color: string }, by: Actor): Crew {
      if (crews.active().length >= MAX_CREWS) throw conflict(TOO_MANY_CREWS);
      const created = crews.create(crew);
      events.publish(crewAnnounced(created, `added by ${by.name}`, by));
      return created;
    },

    /** Rename, recolour, retire (never delete: past visits name it) or bring back. */
    changeCrew(id: number, change: CrewUpdate & { name?: string; color?: string }, by: Actor): Crew {
      const crew = crews.get(id);
      if (!crew) throw notFound('Crew');
      if (change.active === false && crew.active) {
        if (crews.active().length <= 1) throw conflict(LAST_CREW);
        const ahead = deps.board.crewVisitsFrom(id, rules.today());
        if (ahead > 0)
          throw conflict(
            `${crew.name} still has ${ahead} visit${ahead === 1 ? '' : 's'} to come: move them to another crew first`,
          );
      }
      if (change.active === true && !crew.active && crews.active().length >= MAX_CREWS)
        throw conflict(TOO_MANY_CREWS);
      const updated = crews.update(id, change)!;
      events.publish(crewAnnounced(updated, `changed by ${by.name}`, by));
      return updated;
    },
  };
}
export type ScheduleService = ReturnType<typeof scheduleService>;

const crewAnnounced = (crew: Crew, what: string, by: Actor) => ({
  type: 'crew.updated' as const,
  entityId: crew.id,
  summary: `${crew.name} ${crew.active ? '' : '(retired) '}${what}`,
  actorUserId: by.id,
});
