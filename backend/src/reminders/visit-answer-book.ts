import { VISIT_ANSWER_CHANNEL_LABELS, type VisitAnswer, type VisitAnswerChannel } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { addDays, localDate, type Clock } from '../time.ts';

// The one owner of a customer's answer to a visit reminder, whichever way it came (a "C"/"R"
// text, or the visit page): the answer is kept (the latest stands) and announced, so the office's
// open screens refresh and the reminders are planned again. A confirmation is news for the card
// (`appointment.updated`); a move, a cancel or a request to reschedule asks something of staff
// (`appointment.customer-changed`: a toast, a notification, the Appointments badge), urgent
// (`…-soon`) when the visit was or now is today or tomorrow: the crew's day is changing.

export interface AnsweredVisit {
  id: number;
  customerName: string;
  scheduledDate: string;
  preferredTime: string | null;
}

const whenOf = (v: { scheduledDate: string; preferredTime: string | null }) =>
  `${v.scheduledDate}${v.preferredTime ? ` at ${v.preferredTime}` : ''}`;

function summaryOf(
  v: AnsweredVisit,
  answer: VisitAnswer,
  channel: VisitAnswerChannel,
  detail: string | null,
) {
  const by = VISIT_ANSWER_CHANNEL_LABELS[channel];
  switch (answer) {
    case 'confirmed':
      return `${v.customerName} confirmed the visit on ${whenOf(v)} ${by}`;
    case 'reschedule':
      return `${v.customerName} asked ${by} to reschedule the visit on ${whenOf(v)}`;
    case 'rescheduled':
      return `${v.customerName} moved their visit ${by}: ${detail}`;
    case 'cancelled':
      return `${v.customerName} cancelled the visit on ${whenOf(v)} ${by}${detail ? `: "${detail}"` : ''}`;
  }
}

export function visitAnswerBook(deps: { db: Db; events: EventBus; timeZone: string; clock?: Clock }) {
  const clock = deps.clock ?? Date.now;
  /** Whether any of these dates is the business's today or tomorrow. */
  const soon = (...dates: (string | null)[]) => {
    const today = localDate(new Date(clock()), deps.timeZone);
    return dates.some((d) => d === today || d === addDays(today, 1));
  };
  const insert = deps.db.prepare(
    'INSERT INTO visit_answers (appointment_id, answer, channel, detail, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const latest = deps.db.prepare(`SELECT answer, channel, detail, created_at AS at FROM visit_answers
    WHERE appointment_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`);
  return {
    /** Keeps the answer and announces it; call after the change it describes has been written. */
    record(
      visit: AnsweredVisit,
      answer: VisitAnswer,
      channel: VisitAnswerChannel,
      detail: string | null = null,
      /** A move's new date (the visit's own is the one it was moved from). */
      movedTo: string | null = null,
    ) {
      insert.run(visit.id, answer, channel, detail, new Date(clock()).toISOString());
      const type =
        answer === 'confirmed'
          ? 'appointment.updated'
          : soon(visit.scheduledDate, movedTo)
            ? 'appointment.customer-changed-soon'
            : 'appointment.customer-changed';
      deps.events.publish({
        type,
        entityId: visit.id,
        summary: summaryOf(visit, answer, channel, detail),
      });
    },
    latest: (appointmentId: number) =>
      latest.get(appointmentId) as
        { answer: VisitAnswer; channel: VisitAnswerChannel; detail: string | null; at: string } | undefined,
  };
}
export type VisitAnswerBook = ReturnType<typeof visitAnswerBook>;
