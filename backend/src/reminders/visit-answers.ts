import { fromTheBusiness } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { OutboxRepository } from '../outbox/outbox.repository.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { localDate, type Clock } from '../time.ts';
import { keywordFormOf } from '../texts/text-consent.ts';
import { VISIT_REMINDER_TEMPLATE, visitDayText } from './visit-reminders.ts';
import type { VisitAnswerBook } from './visit-answer-book.ts';

// Answers to a visit reminder by text: "C" confirms, "R" asks to reschedule. Only a number that
// was sent a reminder for a visit still to come can answer, and the answer is about that visit
// (the soonest one, if several). The customer is told it was heard; the answer book keeps it and
// tells the office (appointment.updated), as it does for the visit page's answers.

const ANSWERS: Record<string, 'confirmed' | 'reschedule'> = {
  C: 'confirmed',
  CONFIRM: 'confirmed',
  R: 'reschedule',
  RESCHEDULE: 'reschedule',
};

export function visitAnswers(deps: {
  /** The reminders this number was sent (the outbox's rows) … */
  outbox: Pick<OutboxRepository, 'sentAboutTo'>;
  /** … and which of their visits still stands (the appointments' owner). */
  appointments: Pick<AppointmentRepository, 'soonestScheduled'>;
  config: Config;
  texts: TextsService;
  answers: VisitAnswerBook;
  clock?: Clock;
}) {
  const clock = deps.clock ?? Date.now;
  /** The soonest visit still to come that this number was sent a reminder of. */
  const remindedVisit = (phone: string, today: string) => {
    const ids = deps.outbox
      .sentAboutTo(phone, VISIT_REMINDER_TEMPLATE)
      .map((about) => /^appointment:(\d+)$/.exec(about)?.[1])
      .filter((id) => id !== undefined)
      .map(Number);
    return ids.length ? deps.appointments.soonestScheduled(ids, today) : undefined;
  };
  const business = deps.config.business;

  deps.texts.answersTexts((text) => {
    const answer =
      ANSWERS[
        keywordFormOf(text.body)
          .trim()
          .replace(/[.!]+$/, '')
          .toUpperCase()
      ];
    if (!answer) return false;
    const today = localDate(new Date(clock()), deps.config.timeZone);
    const visit = remindedVisit(text.from, today);
    if (!visit) return false;
    deps.answers.record(visit, answer, 'text');
    const day = visitDayText(visit.scheduledDate, deps.config.timeZone);
    const when = `${day}${visit.preferredTime ? ` at ${visit.preferredTime}` : ''}`;
    deps.texts.queueText({
      to: text.from,
      body: fromTheBusiness(
        business.name,
        answer === 'confirmed'
          ? `thank you, your visit on ${when} is confirmed.`
          : `thanks, we'll call you to find a new time for your visit on ${when}. You can also call us at ${business.phone}.`,
      ),
      key: `visit-answer:${text.messageSid}`,
      template: 'visit-answer',
      sender: 'automatic',
      automatic: false,
    });
    return true;
  });
}
