import {
  ERROR_CODES,
  SLOT_TAKEN_CODE,
  VISIT_REFUSALS,
  VISIT_RESCHEDULE_DAYS,
  type Appointment,
  type PublicVisit,
} from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules } from '../appointments/appointment-rules.ts';
import { HttpError, validationError } from '../http/errors.ts';
import { addDays } from '../time.ts';
import type { VisitAnswerBook } from './visit-answer-book.ts';
import type { VisitLinks } from './visit-links.ts';
import type { VisitWords } from './visit-words.ts';

// The customer's visit page: confirm, move to a free time, or cancel. A move is made at once, not
// requested: the customer picks only among times the booking rules call free (the same rule staff
// and the phone assistant book by), checked again as the move is written, so the office is never
// asked to approve what it would approve anyway; staff see it live and can still move it back.
// Anything harder (a day not offered, a question) is the phone's, as the page says.

const notFound = () => new HttpError(404, ERROR_CODES.notFound, VISIT_REFUSALS.notFound);
const gone = () => new HttpError(410, 'visit_gone', VISIT_REFUSALS.gone);

export function visitPageService(deps: {
  links: VisitLinks;
  appointments: AppointmentRepository;
  rules: AppointmentRules;
  answers: VisitAnswerBook;
  words: VisitWords;
  business: { name: string; phone: string };
}) {
  const { appointments, rules } = deps;
  /** The appointment a key opens while it can still be answered; the same 404 for every bad key. */
  function standingVisit(token: string, answeringAsStaff = false): Appointment {
    const id = deps.links.appointmentOf(token);
    const visit = id === undefined ? undefined : appointments.get(id);
    if (!visit) throw notFound();
    const past =
      visit.scheduledDate < rules.today() || rules.timeHasPassed(visit.scheduledDate, visit.preferredTime);
    if (visit.status !== 'scheduled' || past) throw gone();
    // A staff member who follows the link (from the customer's texts) must not answer in their name.
    if (answeringAsStaff) throw new HttpError(403, 'visit_staff_preview', VISIT_REFUSALS.staff);
    return visit;
  }
  /**
   * What this visit may move to: starts inside open hours for its whole length, with its own crew
   * free for that long (the move keeps its crew), never itself in the way.
   */
  const needsOf = (v: Appointment) => ({ durationMinutes: v.durationMinutes, crewId: v.crewId, exceptId: v.id });
  const freeSlots = (v: Appointment) => {
    const today = rules.today();
    const days = Array.from({ length: VISIT_RESCHEDULE_DAYS + 1 }, (_, i) => addDays(today, i));
    return days
      .map((date) => ({
        date,
        // Its own time is where it is, not somewhere to move to.
        times: rules
          .openTimes(date, needsOf(v))
          .filter((t) => !(date === v.scheduledDate && t === v.preferredTime)) as string[],
      }))
      .filter((d) => d.times.length);
  };
  const viewOf = (v: Appointment, staffPreview = false): PublicVisit => {
    const answer = deps.answers.latest(v.id);
    return {
      business: deps.business,
      service: deps.words.serviceLine(v),
      kind: v.kind,
      date: v.scheduledDate,
      time: v.preferredTime,
      address: v.address,
      answer: answer ? { answer: answer.answer, at: answer.at } : null,
      freeSlots: staffPreview ? [] : freeSlots(v),
      staffPreview,
    };
  };
  const named = (v: Appointment) => ({
    id: v.id,
    customerName: v.customerName,
    scheduledDate: v.scheduledDate,
    preferredTime: v.preferredTime,
  });

  return {
    open: (token: string, byStaff: boolean) => viewOf(standingVisit(token), byStaff),
    /** A second "confirm" changes nothing and announces nothing. */
    confirm(token: string, byStaff: boolean) {
      const visit = standingVisit(token, byStaff);
      if (deps.answers.latest(visit.id)?.answer !== 'confirmed')
        deps.answers.record(named(visit), 'confirmed', 'link');
      return viewOf(visit);
    },
    reschedule(token: string, slot: { date: string; time: string }, byStaff: boolean) {
      const visit = standingVisit(token, byStaff);
      // A replay of the move just made (a double tap, a resent request) is answered as done.
      if (visit.scheduledDate === slot.date && visit.preferredTime === slot.time) return viewOf(visit);
      const today = rules.today();
      const inRange = slot.date >= today && slot.date <= addDays(today, VISIT_RESCHEDULE_DAYS);
      const time = rules.openTimes(slot.date, needsOf(visit)).find((t) => t === slot.time);
      if (!inRange || !time) {
        const taken = inRange && rules.slotClash({ date: slot.date, time: slot.time, ...needsOf(visit) });
        if (taken) throw new HttpError(409, SLOT_TAKEN_CODE, VISIT_REFUSALS.slotTaken);
        throw validationError({ time: VISIT_REFUSALS.slotOutOfRange }, VISIT_REFUSALS.slotOutOfRange);
      }
      const moved = appointments.update(visit.id, { scheduledDate: slot.date, preferredTime: time })!;
      const from = `${visit.scheduledDate}${visit.preferredTime ? ` at ${visit.preferredTime}` : ''}`;
      deps.answers.record(
        named(visit),
        'rescheduled',
        'link',
        `from ${from} to ${slot.date} at ${slot.time}`,
        slot.date,
      );
      return viewOf(moved);
    },
    cancel(token: string, reason: string | null, byStaff: boolean) {
      const visit = standingVisit(token, byStaff);
      const said = reason?.trim() || null;
      appointments.update(visit.id, {
        status: 'cancelled',
        cancelReason: said ? `Cancelled by the customer: ${said}` : 'Cancelled by the customer',
      });
      deps.answers.record(named(visit), 'cancelled', 'link', said);
    },
  };
}
export type VisitPageService = ReturnType<typeof visitPageService>;
