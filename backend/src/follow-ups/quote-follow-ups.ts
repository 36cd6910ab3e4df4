import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { notFound, routeId } from '../http/errors.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import { e164Of } from '../quote-sending/quote-delivery.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { fromTheBusiness } from '../texts/texts.service.ts';

// Quote follow-ups (issue 25, item 5): a sent quote earns follow-ups on day 2 and day 7 (e-mail
// when SMTP is set and the customer gave an address; a text when Twilio is, which the consent gate
// lets through only to a number that called or texted the business). They stop the moment the
// quote is accepted or replaced, or the lead is lost (checked just before each goes), and staff
// can stop them per quote.

export const QUOTE_FOLLOW_UP_TEMPLATE = 'quote-follow-up';
export const DEFAULT_FOLLOW_UP_DAYS = [2, 7];
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
  days?: number[];
}) {
  const { outbox, config } = deps;
  const days = deps.days ?? DEFAULT_FOLLOW_UP_DAYS;
  const quoteOf = deps.db.prepare(`SELECT q.id, q.accepted_at, q.superseded_at, s.first_name AS customer_name,
      s.email, s.phone, l.stage
    FROM sent_quotes q JOIN photo_submissions s ON s.id = q.submission_id
    LEFT JOIN leads l ON l.channel IN ('photo-form', 'quote-tool') AND l.source_id = q.submission_id
    WHERE q.id = ?`);

  const bodyOf = (n: number, link: string, name: string | null) =>
    fromTheBusiness(
      config.business.name,
      n === days[0]
        ? `${name ? `hi ${name}, ` : ''}just checking you received your quote. It's here with the price and terms: ${link} Any questions, reply or call ${config.business.phone}.`
        : `${name ? `hi ${name}, ` : ''}your quote is still open: ${link} Happy to answer any questions at ${config.business.phone}.`,
    );

  /** Plans a sent quote's follow-ups (the previous quote's are cancelled by the gate: it was replaced). */
  function plan(quote: { id: number; sentAt: string; link: string }) {
    const q = quoteOf.get(quote.id) as QuoteRow | undefined;
    if (!q) return;
    const about = `quote:${quote.id}`;
    for (const n of days) {
      const dueAt = new Date(Date.parse(quote.sentAt) + n * DAY);
      const body = bodyOf(n, quote.link, q.customer_name);
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
    }
  }

  const stillWanted: OutboxGate = (message) => {
    if (message.template !== QUOTE_FOLLOW_UP_TEMPLATE) return { action: 'send' };
    const q = quoteOf.get(Number(message.about?.split(':')[1])) as QuoteRow | undefined;
    if (!q) return { action: 'cancel', reason: 'The quote no longer exists' };
    if (q.accepted_at) return { action: 'cancel', reason: 'The customer accepted the quote' };
    if (q.superseded_at) return { action: 'cancel', reason: 'The quote was replaced' };
    if (q.stage === 'lost' || q.stage === 'won')
      return { action: 'cancel', reason: `The lead is ${q.stage}` };
    return { action: 'send' };
  };
  outbox.addGate(stillWanted);

  const router = Router();
  // Staff stop one quote's follow-ups (a customer said they are thinking it over, say).
  router.post('/api/quotes/:id/follow-ups/stop', (req, res) => {
    const id = routeId(req.params);
    if (!quoteOf.get(id)) throw notFound('Quote');
    res.json({ cancelled: outbox.repository.cancelAbout(`quote:${id}`, 'Stopped by staff') });
  });
  return { plan, router };
}
