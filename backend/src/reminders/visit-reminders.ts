import {
  dayFormat,
  fillTemplate,
  fromTheBusiness,
  pageLinkIn,
  templateIn,
  visitPagePath,
  VISIT_REMINDER_SUBJECTS,
  type Appointment,
  type Language,
  phoneNumberOf,
  withAccountLine,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { TextsService } from '../texts/texts.service.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { followThroughSettings } from '../texts/follow-through-settings.ts';
import { instantOfLocalTime, localDate, type Clock } from '../time.ts';
import type { VisitLinks } from './visit-links.ts';
import type { VisitWords } from './visit-words.ts';

// Visit reminders (issue 25, item 4): each scheduled appointment with a time gets reminders at
// the offsets set in Settings before it (48 h and 2 h by default), by text (through the texts feature, so they
// show on the customer's thread) and by e-mail when the customer gave one. The plan is made
// again on every change of the appointment: a rescheduled visit gets new reminders (their keys
// name the visit's instant) and the old ones are cancelled; a cancelled or completed visit has
// none. Just before each goes, the gate checks the visit still stands at that time and has not
// started, and that reminders and this offset are still on in Settings (a changed setting
// re-plans the visits still to come). A visit cancelled and then restored is a new booking: its
// keys name the booking (`:r1`, `:r2`…), so its reminders are not taken for the cancelled ones.

export const VISIT_REMINDER_TEMPLATE = 'visit-reminder';

/** The visit as the appointments feature has it (its confirmation reads the same fields). */
export type Visit = Pick<
  Appointment,
  | 'id'
  | 'customerName'
  | 'customerPhone'
  | 'customerEmail'
  | 'address'
  | 'serviceType'
  | 'scheduledDate'
  | 'preferredTime'
  | 'status'
  | 'kind'
  | 'jobId'
>;

/** "10:00 AM" → hours and minutes on the wall clock. */
export function wallTime(time: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!m) return null;
  const hour12 = Number(m[1]) % 12;
  return { hour: hour12 + (m[3] === 'PM' ? 12 : 0), minute: Number(m[2]) };
}

/**
 * A visit's day as customers read it in a text, "Monday, November 30" (never "2026-11-30"), or in
 * Spanish "lunes, 30 de noviembre": the reminders and the answers to "C"/"R" say it the same way.
 */
export const visitDayText = (date: string, timeZone: string, language: Language = 'en') =>
  dayFormat(language, timeZone).format(instantOfLocalTime(date, 12, 0, timeZone));

/** A restored visit's keys say which booking they belong to; the first booking's keep their old form. */
export const bookingKey = (booking: number) => (booking > 0 ? `:r${booking}` : '');

export function visitReminders(deps: {
  /** The appointments' owner: each visit as it stands now. */
  appointments: Pick<AppointmentRepository, 'get' | 'scheduledFrom' | 'bookingOf'>;
  /** What the customer reads the visit as ("free estimate", "house wash"). */
  words: VisitWords;
  config: Config;
  outbox: Outbox;
  texts: TextsService;
  events: EventBus;
  /** The keys of the visit page each batch of reminders links to. */
  links: VisitLinks;
  publicUrl: () => string;
  settings: SettingsRepository;
  /** The customer's language: each reminder is written in it. */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { config, outbox } = deps;
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);
  const visitOf = (id: number): Visit | undefined => deps.appointments.get(id);

  /** The visit's start, or null when it has no time yet or no longer stands. */
  const startOf = (v: Visit): number | null => {
    if (v.status !== 'scheduled' || !v.preferredTime) return null;
    const t = wallTime(v.preferredTime);
    return t ? instantOfLocalTime(v.scheduledDate, t.hour, t.minute, config.timeZone).getTime() : null;
  };
  const keyOf = (v: Visit, start: number, hours: number, channel: string) =>
    `${VISIT_REMINDER_TEMPLATE}:${v.id}:${new Date(start).toISOString()}:${hours}h:${channel}${bookingKey(
      deps.appointments.bookingOf(v.id),
    )}`;

  const languageOf = (v: Visit) =>
    deps.languages.languageOf({ phone: v.customerPhone, email: v.customerEmail });
  const bodyOf = (v: Visit, start: number, link: string, language: Language) =>
    fromTheBusiness(
      config.business.name,
      fillTemplate(templateIn(settings.read(), 'reminderText', language), {
        name: v.customerName.trim().split(/\s+/)[0] || null,
        service: deps.words.ofIn(language, v),
        day: dayFormat(language, config.timeZone).format(start),
        time: v.preferredTime,
        address: v.address,
        phone: config.business.phone,
        link: pageLinkIn(link, language),
      }),
    );

  /** Makes the appointment's reminders match what it is now. */
  function plan(appointmentId: number) {
    const v = visitOf(appointmentId);
    const about = `appointment:${appointmentId}`;
    const start = v ? startOf(v) : null;
    if (!v || start === null) {
      outbox.repository.cancelAboutExcept(about, VISIT_REMINDER_TEMPLATE, [], 'The visit no longer stands');
      return;
    }
    const now = clock();
    const { visitReminders: on, reminderHours } = settings.read();
    const offsets = on ? reminderHours : [];
    const planned: { key: string; channel: 'text' | 'email'; due: number }[] = [];
    for (const hours of offsets) {
      const due = start - hours * 3_600_000;
      if (due <= now) continue;
      // Only what this server can send is planned: without Twilio or SMTP nothing is queued.
      if (outbox.configured.text && phoneNumberOf(v.customerPhone))
        planned.push({ key: keyOf(v, start, hours, 'text'), channel: 'text', due });
      if (v.customerEmail && outbox.configured.email)
        planned.push({ key: keyOf(v, start, hours, 'email'), channel: 'email', due });
    }
    outbox.repository.cancelAboutExcept(
      about,
      VISIT_REMINDER_TEMPLATE,
      planned.map((p) => p.key),
      on ? 'The visit was moved' : 'Visit reminders are turned off',
    );
    // Reminders already queued keep their text (and the key in it, still good); the ones new in
    // this plan share one new key, since a stored key's hash cannot be turned back into a link.
    const fresh = planned.filter((p) => !outbox.repository.byKey(p.key));
    if (!fresh.length) return;
    const link = `${deps.publicUrl()}${visitPagePath(deps.links.mint(appointmentId, new Date(now).toISOString()))}`;
    const language = languageOf(v);
    for (const p of fresh) {
      if (p.channel === 'text') {
        deps.texts.queueText({
          to: phoneNumberOf(v.customerPhone)!,
          body: withAccountLine(bodyOf(v, start, link, language), deps.publicUrl(), language),
          key: p.key,
          template: VISIT_REMINDER_TEMPLATE,
          sender: 'automatic',
          automatic: true,
          about,
          dueAt: new Date(p.due),
        });
      } else {
        outbox.queue({
          idempotencyKey: p.key,
          channel: 'email',
          recipient: v.customerEmail!,
          template: VISIT_REMINDER_TEMPLATE,
          about,
          subject: VISIT_REMINDER_SUBJECTS[language](
            deps.words.ofIn(language, v),
            dayFormat(language, config.timeZone).format(start),
          ),
          body: withAccountLine(bodyOf(v, start, link, language), deps.publicUrl(), language),
          dueAt: new Date(p.due),
        });
      }
    }
  }

  /** Checked as each reminder goes: the visit still stands at the time the reminder names, and has not begun. */
  const stillWanted: OutboxGate = (message, now) => {
    if (message.template !== VISIT_REMINDER_TEMPLATE) return { action: 'send' };
    const appointmentId = Number(message.about?.split(':')[1]);
    const v = visitOf(appointmentId);
    const start = v ? startOf(v) : null;
    if (start === null) return { action: 'cancel', reason: 'The visit no longer stands' };
    if (!message.idempotencyKey.includes(`:${new Date(start).toISOString()}:`))
      return { action: 'cancel', reason: 'The visit was moved' };
    if (now >= start) return { action: 'cancel', reason: 'The visit has started' };
    const { visitReminders: on, reminderHours } = settings.read();
    if (!on) return { action: 'cancel', reason: 'Visit reminders are turned off' };
    if (!reminderHours.some((h) => message.idempotencyKey.includes(`:${h}h:`)))
      return { action: 'cancel', reason: 'This reminder is no longer set in Settings' };
    return { action: 'send' };
  };
  outbox.addGate(stillWanted);

  deps.events.react((event) => {
    if (!event.type.startsWith('appointment.') || event.entityId === null) return;
    try {
      plan(event.entityId);
    } catch (error) {
      deps.report(error);
    }
  });
  /** After Settings changed: every visit still to come gets the reminders they now say. */
  function replanUpcoming() {
    const today = localDate(new Date(clock()), config.timeZone);
    for (const id of deps.appointments.scheduledFrom(today)) plan(id);
  }
  return { plan, replanUpcoming };
}
