import {
  fillTemplate,
  FOLLOW_UPS_STOPPED_BY_STAFF,
  fromTheBusiness,
  type QuoteFollowUps,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import { e164Of } from '../quote-sending/quote-delivery.ts';
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

interface QuoteRow {
  id: number;
  accepted_at: string | null;
  superseded_at: string | null;
  customer_name: string | null;
  email: string | null;
  phone: string | null;
  stage: string | null;
}

export function quoteFollowUps(deps: {
  db: Db;
  config: Config;
  outbox: Outbox;
  texts: TextsService;
  settings: SettingsRepository;
  clock?: Clock;
}) {
  const { outbox, config } = deps;
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);
  const quoteOf = deps.db.prepare(`SELECT q.id, q.accepted_at, q.superseded_at, s.first_name AS customer_name,
      s.email, s.phone, l.stage
    FROM sent_quotes q JOIN photo_submissions s ON s.id = q.submission_id
    LEFT JOIN leads l ON l.channel IN ('photo-form', 'quote-tool') AND l.source_id = q.submission_id
    WHERE q.id = ?`);

  /** Plans a sent quote's follow-ups (the previous quote's are cancelled by the gate: it was replaced). */
  function plan(quote: { id: number; sentAt: string; link: string }) {
    const q = quoteOf.get(quote.id) as QuoteRow | undefined;
    const s = settings.read();
    if (!q || !s.quoteFollowUps) return;
    const about = `quote:${quote.id}`;
    s.followUpDays.forEach((n, i) => {
      const dueAt = new Date(Date.parse(quote.sentAt) + n * DAY);
      const text = i === 0 ? s.followUpFirstText : s.followUpLaterText;
      const body = fromTheBusiness(
        config.business.name,
        fillTemplate(text, { name: q.customer_name, link: quote.link, phone: config.business.phone }),
      );
      if (q.email && outbox.configured.email)
        outbox.queue({
          idempotencyKey: `${QUOTE_FOLLOW_UP_TEMPLATE}:${quote.id}:day${n}:email`,
          channel: 'email',
          recipient: q.email,
          template: QUOTE_FOLLOW_UP_TEMPLATE,
          about,
          subject: `Your quote from ${config.business.name}`,
          body,
          dueAt,
        });
      const phone = q.phone && e164Of(q.phone);
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
    const q = quoteOf.get(Number(message.about?.split(':')[1])) as QuoteRow | undefined;
    if (!q) return { action: 'cancel', reason: 'The quote no longer exists' };
    if (q.accepted_at) return { action: 'cancel', reason: 'The customer accepted the quote' };
    if (q.superseded_at) return { action: 'cancel', reason: 'The quote was replaced' };
    if (q.stage === 'lost' || q.stage === 'won')
      return { action: 'cancel', reason: `The lead is ${q.stage}` };
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
    exists: (id) => quoteOf.get(id) !== undefined,
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
