import { fromTheBusiness } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { localDate, type Clock } from '../time.ts';
import { VISIT_REMINDER_TEMPLATE } from './visit-reminders.ts';

// Answers to a visit reminder by text: "C" confirms, "R" asks to reschedule. Only a number that
// was sent a reminder for a visit still to come can answer, and the answer is about that visit
// (the soonest one, if several). The customer is told it was heard; the office hears of it on the
// event stream (appointment.updated).

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
  events: EventBus;
  clock?: Clock;
}) {
  const clock = deps.clock ?? Date.now;
  // The visits this number was reminded of (a reminder was sent), still scheduled, soonest first.
  const remindedVisit = deps.db.prepare(`SELECT a.id, a.customer_name, a.scheduled_date, a.preferred_time
    FROM outbox_messages o JOIN appointments a ON o.about = 'appointment:' || a.id
    WHERE o.recipient = ? AND o.template = '${VISIT_REMINDER_TEMPLATE}' AND o.state = 'sent'
      AND a.status = 'scheduled' AND a.scheduled_date >= ?
    ORDER BY a.scheduled_date, a.preferred_time LIMIT 1`);
  const record = deps.db.prepare(
    "INSERT INTO visit_answers (appointment_id, answer, channel, created_at) VALUES (?, ?, 'text', ?)",
  );
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
    const at = new Date(clock()).toISOString();
    record.run(visit.id, answer, at);
    const when = `${visit.scheduled_date}${visit.preferred_time ? ` at ${visit.preferred_time}` : ''}`;
    deps.events.publish({
      type: 'appointment.updated',
      entityId: visit.id,
      summary:
        answer === 'confirmed'
          ? `${visit.customer_name} confirmed the visit on ${when} by text`
          : `${visit.customer_name} asked by text to reschedule the visit on ${when}`,
    });
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
