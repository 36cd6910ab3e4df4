import {
  fillTemplate,
  fromTheBusiness,
  templateIn,
  type Appointment,
  type InBothLanguages,
  type MessageName,
  phoneNumberOf,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { followThroughSettings } from '../texts/follow-through-settings.ts';
import type { TextsService } from '../texts/texts.service.ts';
import type { Clock } from '../time.ts';

// After the job (issue 25, item 6): a visit marked completed earns one review request, the same
// link and words for every customer (no asking the happy ones only: Google's policy forbids
// filtering reviews by satisfaction), and, after a house wash, a re-service reminder eleven
// months later. Both switches and texts are in the follow-through settings, read again as each
// message goes (turned off = cancelled).

export const REVIEW_TEMPLATE = 'review-request';
export const RESERVICE_TEMPLATE = 'reservice-reminder';
/** Eleven months, as days: the same season next year, a little before it comes round. */
const RESERVICE_AFTER_MS = 335 * 86_400_000;
const SUBJECTS: InBothLanguages<(business: string) => string> = {
  en: (business) => `Thank you from ${business}`,
  es: (business) => `Gracias de parte de ${business}`,
};

/** The visit as the appointments feature has it. */
type Visit = Pick<
  Appointment,
  'id' | 'customerName' | 'customerPhone' | 'customerEmail' | 'serviceType' | 'status'
>;

export function afterTheJob(deps: {
  /** The appointments' owner: the visit an event is about. */
  appointments: Pick<AppointmentRepository, 'get'>;
  config: Config;
  outbox: Outbox;
  texts: TextsService;
  events: EventBus;
  settings: SettingsRepository;
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { outbox, config } = deps;
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);

  function queue(v: Visit, template: string, message: MessageName, dueAt: Date) {
    const firstName = v.customerName.trim().split(/\s+/)[0] || null;
    const s = settings.read();
    const language = deps.languages.languageOf({ phone: v.customerPhone, email: v.customerEmail });
    const body = fromTheBusiness(
      config.business.name,
      fillTemplate(templateIn(s, message, language), { name: firstName, link: s.reviewLink, phone: config.business.phone }),
    );
    const about = `appointment:${v.id}`;
    const phone = phoneNumberOf(v.customerPhone);
    if (phone && outbox.configured.text)
      deps.texts.queueText({
        to: phone,
        body,
        key: `${template}:${v.id}:text`,
        template,
        sender: 'automatic',
        automatic: true,
        about,
        dueAt,
      });
    if (v.customerEmail && outbox.configured.email)
      outbox.queue({
        idempotencyKey: `${template}:${v.id}:email`,
        channel: 'email',
        recipient: v.customerEmail,
        template,
        about,
        subject: SUBJECTS[language](config.business.name),
        body,
        dueAt,
      });
  }

  deps.events.react((event) => {
    if (event.type !== 'appointment.updated' || event.entityId === null) return;
    try {
      const v: Visit | undefined = deps.appointments.get(event.entityId);
      if (!v || v.status !== 'completed') return;
      const s = settings.read();
      if (s.reviewRequests && s.reviewLink) queue(v, REVIEW_TEMPLATE, 'reviewText', new Date(clock()));
      if (s.reserviceReminders && v.serviceType === 'house-wash')
        queue(v, RESERVICE_TEMPLATE, 'reserviceText', new Date(clock() + RESERVICE_AFTER_MS));
    } catch (error) {
      deps.report(error);
    }
  });

  // A switch turned off stops what was queued under it.
  const stillWanted: OutboxGate = (message) => {
    const s = settings.read();
    if (message.template === REVIEW_TEMPLATE && (!s.reviewRequests || !s.reviewLink))
      return { action: 'cancel', reason: 'Review requests are turned off' };
    if (message.template === RESERVICE_TEMPLATE && !s.reserviceReminders)
      return { action: 'cancel', reason: 'Re-service reminders are turned off' };
    return { action: 'send' };
  };
  outbox.addGate(stillWanted);
}
