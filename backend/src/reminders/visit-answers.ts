import { fromTheBusiness } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { localDate, type Clock } from '../time.ts';
import { VISIT_REMINDER_TEMPLATE } from './visit-reminders.ts';
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
  db: Db;
  config: Config;
  texts: TextsService;
  answers: VisitAnswerBook;
  clock?: Clock;
}) {
  const clock = deps.clock ?? Date.now;
  // The visits this number was reminded of (a reminder was sent), still scheduled, soonest first.
  const remindedVisit = deps.db.prepare(`SELECT a.id, a.customer_name, a.scheduled_date, a.preferred_time
    FROM outbox_messages o JOIN appointments a ON o.about = 'appointment:' || a.id
    WHERE o.recipient = ? AND o.template = '${VISIT_REMINDER_TEMPLATE}' AND o.state = 'sent'
      AND a.status = 'scheduled' AND a.scheduled_date >= ?
    ORDER BY a.scheduled_date, a.preferred_time LIMIT 1`);
  const business = deps.config.business;

  deps.texts.answersTexts((text) => {
    const answer =
      ANSWERS[
        text.body
          .trim()
          .replace(/[.!]+$/, '')
          .toUpperCase()
      ];
    if (!answer) return false;
    const today = localDate(new Date(clock()), deps.config.timeZone);
    const visit = remindedVisit.get(text.from, today) as
      | { id: number; customer_name: string; scheduled_date: string; preferred_time: string | null }
      | undefined;
    if (!visit) return false;
    deps.answers.record(
      {
        id: visit.id,
        customerName: visit.customer_name,
        scheduledDate: visit.scheduled_date,
        preferredTime: visit.preferred_time,
      },
      answer,
      'text',
    );
    const when = `${visit.scheduled_date}${visit.preferred_time ? ` at ${visit.preferred_time}` : ''}`;
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
