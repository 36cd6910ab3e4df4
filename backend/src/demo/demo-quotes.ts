import { randomBytes } from 'node:crypto';
import { QUOTE_DELIVERY_CHANNELS, QUOTE_TOKEN_BYTES, QUOTE_VALIDITY_DAYS } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { photoRepository } from '../photos/photo.repository.ts';
import { publicProfile } from '../profile/public-profile.ts';
import { NOT_CONFIGURED } from '../quote-sending/quote-delivery.ts';
import { shownSha256 } from '../quote-sending/accepted-evidence.ts';
import { quoteDocumentOf } from '../quote-sending/quote-document.ts';
import { leadRepository } from '../leads/lead.repository.ts';
import { sentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import { analysisRepository } from '../quotes/analysis.repository.ts';
import { submissionRepository } from '../submissions/submission.repository.ts';
import type { Random } from './demo-people.ts';

const HOUR = 3_600_000;

/**
 * The demo's quoted and completed submissions got their quotes the way "Send quote" makes them
 * (the same document, link token and lead move), so the quote dialog, the inbox and the customer
 * timelines tell one story: quoted ones wait for the customer, some opened, completed ones were
 * accepted. No e-mail or text went out, and the deliveries say so.
 */
export function seedDemoQuotes(db: Db, config: Config, r: Random, now: Date) {
  const quotes = sentQuoteRepository(db, leadRepository(db, photoRepository(db)), () => now.getTime());
  const submissions = submissionRepository(db, photoRepository(db), analysisRepository(db));
  const profile = publicProfile(config);
  const latest = now.getTime() - 60_000;
  const at = (ms: number) => new Date(Math.min(ms, latest)).toISOString();
  const quoted = db
    .prepare(
      `SELECT id, status, estimate_amount_cents AS cents, created_at FROM photo_submissions
      WHERE status IN ('quoted', 'completed') AND estimate_amount_cents IS NOT NULL ORDER BY id`,
    )
    .all() as { id: number; status: 'quoted' | 'completed'; cents: number; created_at: string }[];
  const keepCompleted = db.prepare(`UPDATE photo_submissions SET status = 'completed' WHERE id = ?`);

  for (const s of quoted) {
    const submission = submissions.get(s.id)!;
    const sentAt = at(Date.parse(s.created_at) + r.int(2, 26) * HOUR);
    const quote = quotes.create(
      {
        submissionId: s.id,
        leadId: null,
        customerId: null,
        token: randomBytes(QUOTE_TOKEN_BYTES).toString('base64url'),
        amountCents: s.cents,
        document: quoteDocumentOf(submission, profile),
        sentBy: null,
        sentAt,
        validUntil: new Date(Date.parse(sentAt) + QUOTE_VALIDITY_DAYS * 24 * HOUR).toISOString(),
      },
      submissions,
    );
    for (const channel of QUOTE_DELIVERY_CHANNELS) {
      quotes.recordDelivery({
        quoteId: quote.id,
        channel,
        outcome: 'not-configured',
        recipient: channel === 'email' ? submission.email : submission.phone,
        problem: NOT_CONFIGURED[channel],
        at: sentAt,
      });
    }
    if (s.status === 'quoted' && r.next() < 0.5) continue;
    const openedAt = at(Date.parse(sentAt) + r.int(1, 20) * HOUR);
    quotes.recordOpened(quote.id, openedAt);
    if (s.status === 'completed') {
      // The demo's customers accept as a customer would: their name, the quoted total, its hash.
      const accepted = { name: quote.document.customerName, addOnIds: [], totalCents: quote.amountCents };
      quotes.accept(quote, {
        ...accepted,
        at: at(Date.parse(openedAt) + r.int(1, 6) * HOUR),
        ip: null,
        userAgent: null,
        shownSha256: shownSha256(quote, accepted),
        // The demo's business asks no deposit (Settings → Payments starts at "none").
        depositCents: 0,
      });
      // Sending marked it quoted; the work was done since.
      keepCompleted.run(s.id);
    }
  }
}
