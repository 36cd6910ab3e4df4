import {
  fromTheBusiness,
  pageLinkIn,
  phoneNumberOf,
  VISIT_CONFIRMATION_SUBJECTS_IN,
  VISIT_CONFIRMATION_TEXTS_IN,
  VISIT_WHEN,
  visitPagePath,
  type Language,
  type VisitConfirmationKind,
  withAccountLine,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { followThroughSettings } from '../texts/follow-through-settings.ts';
import { instantOfLocalTime, type Clock } from '../time.ts';
import { visitDayText, wallTime, type Visit } from './visit-reminders.ts';
import type { VisitLinks } from './visit-links.ts';
import type { VisitWords } from './visit-words.ts';

// The confirmation of a visit (issue 33, item 7): when a visit is booked (by staff, "Book
// estimate", the assistant) the customer gets its link at once, by text and e-mail, through the
// outbox (so STOP, consent and quiet hours apply as to every automatic text); when a cancelled
// visit is put back on the calendar, they are told it is back on, with a new link (the old
// reminders' links still open it too). Each booking of a visit (`bookingOf`: 0, then +1 per
// restore) is confirmed once: its keys name the booking and the visit's time, so a visit moved
// before its confirmation went (quiet hours) is confirmed at its new time instead, and one whose
// confirmation already went is not confirmed again (a move tells the customer its own way).
// It goes only while visit reminders are on in Settings: the one switch for a visit's texts.

export const VISIT_CONFIRMATION_TEMPLATE = 'visit-confirmation';

export function visitConfirmations(deps: {
  appointments: Pick<AppointmentRepository, 'get' | 'bookingOf'>;
  config: Config;
  outbox: Outbox;
  texts: TextsService;
  events: EventBus;
  links: VisitLinks;
  words: VisitWords;
  publicUrl: () => string;
  settings: SettingsRepository;
  /** The customer's language: the confirmation is written in it. */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { config, outbox } = deps;
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);

  /** The visit's start, or its day's end when it has no time yet (a TBD visit stands all day). */
  const startOf = (v: Visit) => {
    const t = v.preferredTime ? wallTime(v.preferredTime) : null;
    if (!t) return instantOfLocalTime(v.scheduledDate, 23, 59, config.timeZone).getTime();
    return instantOfLocalTime(v.scheduledDate, t.hour, t.minute, config.timeZone).getTime();
  };
  const standing = (v: Visit | undefined, now: number): v is Visit =>
    v !== undefined && v.status === 'scheduled' && startOf(v) > now;
  /** Names the booking and the time it confirms: a moved visit's unsent confirmation is stale. */
  const prefixOf = (v: Visit) =>
    `${VISIT_CONFIRMATION_TEMPLATE}:${v.id}:b${deps.appointments.bookingOf(v.id)}:`;
  const keyOf = (v: Visit, channel: 'text' | 'email') =>
    `${prefixOf(v)}${v.scheduledDate} ${v.preferredTime ?? 'TBD'}:${channel}`;

  const bodyOf = (v: Visit, kind: VisitConfirmationKind, link: string, language: Language) => {
    const day = visitDayText(v.scheduledDate, config.timeZone, language);
    return fromTheBusiness(
      config.business.name,
      VISIT_CONFIRMATION_TEXTS_IN[language][kind]({
        what: deps.words.ofIn(language, v),
        when: VISIT_WHEN[language](day, v.preferredTime),
        address: v.address,
        link: pageLinkIn(link, language),
        phone: config.business.phone,
      }),
    );
  };

  /** Makes the visit's confirmation match it now; `booked` when the event is its booking. */
  function plan(appointmentId: number, booked: boolean) {
    const about = `appointment:${appointmentId}`;
    const v = deps.appointments.get(appointmentId);
    const now = clock();
    if (!standing(v, now)) {
      outbox.repository.cancelAboutExcept(
        about,
        VISIT_CONFIRMATION_TEMPLATE,
        [],
        'The visit no longer stands',
      );
      return;
    }
    const booking = deps.appointments.bookingOf(v.id);
    const ours = outbox.repository
      .about(about)
      .filter((m) => m.template === VISIT_CONFIRMATION_TEMPLATE && m.idempotencyKey.startsWith(prefixOf(v)));
    // Wanted: at the booking, after a restore, or again after a move while the first still waited.
    if (!booked && booking === 0 && ours.length === 0) return;
    // Already told (or tried): a later move is told its own way, never as a second confirmation.
    if (ours.some((m) => m.state === 'sending' || m.state === 'sent' || m.state === 'failed')) return;
    if (!settings.read().visitReminders) return;
    const planned: ('text' | 'email')[] = [];
    if (outbox.configured.text && phoneNumberOf(v.customerPhone)) planned.push('text');
    if (outbox.configured.email && v.customerEmail) planned.push('email');
    const keys = planned.map((channel) => keyOf(v, channel));
    outbox.repository.cancelAboutExcept(about, VISIT_CONFIRMATION_TEMPLATE, keys, 'The visit was moved');
    const fresh = planned.filter((channel) => !outbox.repository.byKey(keyOf(v, channel)));
    if (!fresh.length) return;
    const kind: VisitConfirmationKind = booking > 0 ? 'restored' : 'booked';
    const link = `${deps.publicUrl()}${visitPagePath(deps.links.mint(v.id, new Date(now).toISOString()))}`;
    const language = deps.languages.languageOf({ phone: v.customerPhone, email: v.customerEmail });
    const body = withAccountLine(bodyOf(v, kind, link, language), deps.publicUrl(), language);
    for (const channel of fresh) {
      if (channel === 'text')
        deps.texts.queueText({
          to: phoneNumberOf(v.customerPhone)!,
          body,
          key: keyOf(v, 'text'),
          template: VISIT_CONFIRMATION_TEMPLATE,
          sender: 'automatic',
          automatic: true,
          about,
        });
      else
        outbox.queue({
          idempotencyKey: keyOf(v, 'email'),
          channel: 'email',
          recipient: v.customerEmail!,
          template: VISIT_CONFIRMATION_TEMPLATE,
          about,
          subject: VISIT_CONFIRMATION_SUBJECTS_IN[language][kind](
            deps.words.ofIn(language, v),
            visitDayText(v.scheduledDate, config.timeZone, language),
          ),
          body,
          dueAt: new Date(now),
        });
    }
  }

  /** As it goes (after quiet hours, say): the visit still stands, as this booking, at this time. */
  const stillTrue: OutboxGate = (message, now) => {
    if (message.template !== VISIT_CONFIRMATION_TEMPLATE) return { action: 'send' };
    const v = deps.appointments.get(Number(message.about?.split(':')[1]));
    if (!standing(v, now)) return { action: 'cancel', reason: 'The visit no longer stands' };
    if (!message.idempotencyKey.startsWith(keyOf(v, message.channel === 'email' ? 'email' : 'text')))
      return { action: 'cancel', reason: 'The visit was moved' };
    return { action: 'send' };
  };
  outbox.addGate(stillTrue);

  deps.events.react((event) => {
    if (!event.type.startsWith('appointment.') || event.entityId === null) return;
    try {
      plan(event.entityId, event.type === 'appointment.created');
    } catch (error) {
      deps.report(error);
    }
  });
  return { plan };
}
