import {
  fillTemplate,
  FOLLOW_UPS_STOPPED_BY_STAFF,
  fromTheBusiness,
  pageLinkIn,
  templateIn,
  type InBothLanguages,
  type QuoteFollowUps,
  phoneNumberOf,
  withAccountLine,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Config } from '../config.ts';
import type { SentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { followThroughSettings } from '../texts/follow-through-settings.ts';
import type { TextsService } from '../texts/texts.service.ts';
import type { Clock } from '../time.ts';
import { quoteFollowUpRoutes } from './quote-follow-ups.routes.ts';

// Quote follow-ups (issue 25, item 5): a sent quote earns follow-ups on the days set in Settings
// (2 and 7 by default; e-mail when SMTP is set and the customer gave an address; a text when
// Twilio is, which the consent gate lets through only to a number that called or texted the
// business). They stop the moment the quote is accepted or replaced, the lead is closed, or
// Settings turn them (or that day) off — checked just before each goes — and staff can pause
// them per quote.

export const QUOTE_FOLLOW_UP_TEMPLATE = 'quote-follow-up';
const DAY = 86_400_000;
const SUBJECTS: InBothLanguages<(business: string) => string> = {
  en: (business) => `Your quote from ${business}`,
  es: (business) => `Su presupuesto de ${business}`,
};

export function quoteFollowUps(deps: {
  /** Quote sending's record: each sent quote with its customer and lead. */
  sentQuotes: Pick<SentQuoteRepository, 'forFollowUp'>;
  config: Config;
  outbox: Outbox;
  texts: TextsService;
  settings: SettingsRepository;
  /** The customer's language: each follow-up is written in it. */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address: each follow-up links the customer's own page there (issue 36). */
  publicUrl: () => string;
  clock?: Clock;
}) {
  const { outbox, config } = deps;
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);
  const quoteOf = (id: number) => deps.sentQuotes.forFollowUp(id);

  /** Plans a sent quote's follow-ups (the previous quote's are cancelled by the gate: it was replaced). */
  function plan(quote: { id: number; sentAt: string; link: string }) {
    const q = quoteOf(quote.id);
    const s = settings.read();
    if (!q || !s.quoteFollowUps) return;
    const about = `quote:${quote.id}`;
    const language = deps.languages.languageOf({ phone: q.phone, email: q.email });
    s.followUpDays.forEach((n, i) => {
      const dueAt = new Date(Date.parse(quote.sentAt) + n * DAY);
      const text = templateIn(s, i === 0 ? 'followUpFirstText' : 'followUpLaterText', language);
      const body = withAccountLine(
        fromTheBusiness(
          config.business.name,
          fillTemplate(text, {
            name: q.customerName,
            link: pageLinkIn(quote.link, language),
            phone: config.business.phone,
          }),
        ),
        deps.publicUrl(),
        language,
      );
      if (q.email && outbox.configured.email)
        outbox.queue({
          idempotencyKey: `${QUOTE_FOLLOW_UP_TEMPLATE}:${quote.id}:day${n}:email`,
          channel: 'email',
          recipient: q.email,
          template: QUOTE_FOLLOW_UP_TEMPLATE,
          about,
          subject: SUBJECTS[language](config.business.name),
          body,
          dueAt,
        });
      const phone = q.phone && phoneNumberOf(q.phone);
      if (phone && outbox.configured.text)
        deps.texts.queueText({
          to: phone,
          body,
          key: `${QUOTE_FOLLOW_UP_TEMPLATE}:${quote.id}:day${n}:text`,
          template: QUOTE_FOLLOW_UP_TEMPLATE,
          sender: 'automatic',
          automatic: true,
          about,
          dueAt,
        });
    });
  }

  const stillWanted: OutboxGate = (message) => {
    if (message.template !== QUOTE_FOLLOW_UP_TEMPLATE) return { action: 'send' };
    const q = quoteOf(Number(message.about?.split(':')[1]));
    if (!q) return { action: 'cancel', reason: 'The quote no longer exists' };
    if (q.acceptedAt) return { action: 'cancel', reason: 'The customer accepted the quote' };
    if (q.supersededAt) return { action: 'cancel', reason: 'The quote was replaced' };
    if (q.leadStage === 'lost' || q.leadStage === 'won')
      return { action: 'cancel', reason: `The lead is ${q.leadStage}` };
    const s = settings.read();
    if (!s.quoteFollowUps) return { action: 'cancel', reason: 'Quote follow-ups are turned off' };
    if (!s.followUpDays.some((n) => message.idempotencyKey.includes(`:day${n}:`)))
      return { action: 'cancel', reason: 'This follow-up day is no longer set in Settings' };
    return { action: 'send' };
  };
  outbox.addGate(stillWanted);

  /** Where a quote's follow-ups stand, from their outbox rows. */
  function statusOf(quoteId: number): QuoteFollowUps {
    const rows = outbox.repository
      .about(`quote:${quoteId}`)
      .filter((m) => m.template === QUOTE_FOLLOW_UP_TEMPLATE);
    const summary = summarize(rows, clock());
    // Answered, replaced or turned off since: the gate cancels them as they come due; say so now.
    const next = rows.find((m) => m.state === 'pending');
    const decision = summary.state === 'planned' && next ? stillWanted(next, clock()) : null;
    if (decision?.action === 'cancel')
      return { ...summary, state: 'stopped', nextDueAt: null, reason: decision.reason };
    return summary;
  }

  const router = quoteFollowUpRoutes({
    exists: (id) => quoteOf(id) !== undefined,
    statusOf,
    stop: (id) => outbox.repository.cancelAbout(`quote:${id}`, FOLLOW_UPS_STOPPED_BY_STAFF),
    resume: (id) => {
      const resumed = outbox.repository.resumeAbout(`quote:${id}`, FOLLOW_UPS_STOPPED_BY_STAFF, clock());
      if (resumed > 0) outbox.scheduler.wake();
    },
  });
  return { plan, router, statusOf };
}

function summarize(rows: OutboxMessage[], now: number): QuoteFollowUps {
  const sent = rows.filter((m) => m.state === 'sent').length;
  const waiting = rows.filter((m) => m.state === 'pending' || m.state === 'sending');
  if (waiting.length > 0) return { state: 'planned', nextDueAt: waiting[0]!.dueAt, reason: null, sent };
  const paused = rows.some((m) => m.error === FOLLOW_UPS_STOPPED_BY_STAFF && Date.parse(m.dueAt) > now);
  if (paused) return { state: 'paused', nextDueAt: null, reason: FOLLOW_UPS_STOPPED_BY_STAFF, sent };
  if (rows.length === 0) return { state: 'none', nextDueAt: null, reason: null, sent };
  // The last day decides: it went by some way (a text refused for consent while the e-mail went
  // is still a follow-up made), or it did not, for its first reason.
  const lastDay = rows.filter((m) => m.dueAt === rows.at(-1)!.dueAt);
  if (lastDay.some((m) => m.state === 'sent'))
    return { state: 'finished', nextDueAt: null, reason: null, sent };
  const why = lastDay.find((m) => m.state !== 'sent')!;
  return { state: 'stopped', nextDueAt: null, reason: why.error, sent };
}
