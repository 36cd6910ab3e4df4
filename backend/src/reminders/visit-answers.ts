import { fromTheBusiness, VISIT_WHEN, withAccountLine, type InBothLanguages } from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
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
// tells the office (appointment.updated), as it does for the visit page's answers. Like every visit
// message, the answer ends with the customer's own page (issue 36, account-line.ts).

const ANSWERS: Record<string, 'confirmed' | 'reschedule'> = {
  C: 'confirmed',
  CONFIRM: 'confirmed',
  CONFIRMAR: 'confirmed',
  R: 'reschedule',
  RESCHEDULE: 'reschedule',
  REPROGRAMAR: 'reschedule',
};

/** What the customer is told of their answer, in their language. */
const HEARD: InBothLanguages<Record<'confirmed' | 'reschedule', (when: string, phone: string) => string>> = {
  en: {
    confirmed: (when) => `thank you, your visit on ${when} is confirmed.`,
    reschedule: (when, phone) =>
      `thanks, we'll call you to find a new time for your visit on ${when}. You can also call us at ${phone}.`,
  },
  es: {
    confirmed: (when) => `gracias, su cita del ${when} está confirmada.`,
    reschedule: (when, phone) =>
      `gracias, le llamaremos para buscar otra hora para su cita del ${when}. También puede llamarnos al ${phone}.`,
  },
};

export function visitAnswers(deps: {
  /** The reminders this number was sent (the outbox's rows) … */
  outbox: Pick<OutboxRepository, 'sentAboutTo'>;
  /** … and which of their visits still stands (the appointments' owner). */
  appointments: Pick<AppointmentRepository, 'soonestScheduled'>;
  config: Config;
  texts: TextsService;
  answers: VisitAnswerBook;
  languages: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address now (the account line's link). */
  publicUrl: () => string;
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
    const language = deps.languages.languageOf({ phone: text.from });
    const day = visitDayText(visit.scheduledDate, deps.config.timeZone, language);
    // "Thursday, November 26 at 10:00 AM"; a visit without a time is its day alone.
    const when = visit.preferredTime ? VISIT_WHEN[language](day, visit.preferredTime) : day;
    deps.texts.queueText({
      to: text.from,
      body: withAccountLine(
        fromTheBusiness(business.name, HEARD[language][answer](when, business.phone)),
        deps.publicUrl(),
        language,
      ),
      key: `visit-answer:${text.messageSid}`,
      template: 'visit-answer',
      sender: 'automatic',
      automatic: false,
    });
    return true;
  });
}
