import { createHash } from 'node:crypto';
import type { PaymentPurpose } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import type { Stripe } from './stripe-client.ts';

// The one writer of `checkout_sessions` and the one caller of `checkout.sessions.create`
// (issue 35). A session is made when the customer presses Pay, never when a link is sent: the
// link in a text never expires, and what is paid is what is owed at that moment. Pressing Pay
// again (the back button, a second tab) gets the same open session for the same amount, so a
// customer cannot pay twice by accident; our idempotency key comes from our own rows, so the
// SDK's retries after a lost answer make no second session either. Nothing of a card touches us.

/** Stripe's shortest allowed life for a session is 30 minutes; ours is an hour. */
export const CHECKOUT_LIFETIME_MS = 60 * 60_000;

export interface CheckoutRequest {
  purpose: PaymentPurpose;
  quoteId?: number | null;
  invoiceId?: number | null;
  jobId?: number | null;
  customerId?: number | null;
  /** What is charged, tip included. */
  amountCents: number;
  /** The part of amountCents that is a tip (invoices only). */
  tipCents?: number;
  /** One line the customer reads on Stripe's page: "Deposit for your house wash". */
  description: string;
  tipDescription?: string;
  customerEmail?: string | null;
  /** Where Stripe sends the browser after paying, and after "back". */
  successUrl: string;
  cancelUrl: string;
  /** 'es-419' for a Spanish-speaking customer (issue 37); Stripe picks by browser otherwise. */
  locale?: 'auto' | 'es-419' | 'en';
}

interface SessionRow {
  id: number;
  provider_session_id: string;
  url: string;
  expires_at: string;
}

export function checkoutSessions(db: Db, stripe: Stripe, clock: Clock = Date.now) {
  const open = db.prepare<
    {
      purpose: string;
      quoteId: number | null;
      invoiceId: number | null;
      amount: number;
      tip: number;
      now: string;
    },
    SessionRow
  >(`SELECT id, provider_session_id, url, expires_at FROM checkout_sessions
     WHERE status = 'open' AND purpose = @purpose AND quote_id IS @quoteId AND invoice_id IS @invoiceId
       AND amount_cents = @amount AND tip_cents = @tip AND expires_at > @now
     ORDER BY id DESC LIMIT 1`);
  const overdue = db
    .prepare<[string], string>(
      "SELECT provider_session_id FROM checkout_sessions WHERE status = 'open' AND expires_at <= ? ORDER BY id LIMIT 500",
    )
    .pluck();
  const attempts = db.prepare<
    { purpose: string; quoteId: number | null; invoiceId: number | null },
    { n: number }
  >(
    `SELECT count(*) AS n FROM checkout_sessions
     WHERE purpose = @purpose AND quote_id IS @quoteId AND invoice_id IS @invoiceId`,
  );
  const insert = db.prepare(`INSERT INTO checkout_sessions (provider_session_id, purpose, quote_id,
      invoice_id, job_id, customer_id, amount_cents, tip_cents, url, status, expires_at, created_at)
    VALUES (@sessionId, @purpose, @quoteId, @invoiceId, @jobId, @customerId, @amount, @tip, @url,
      'open', @expiresAt, @now)
    ON CONFLICT (provider_session_id) DO NOTHING`);
  const setStatus = db.prepare(
    "UPDATE checkout_sessions SET status = @status WHERE provider_session_id = @sessionId AND status = 'open'",
  );
  const bySession = db.prepare<
    [string],
    {
      purpose: PaymentPurpose;
      quote_id: number | null;
      invoice_id: number | null;
      job_id: number | null;
      customer_id: number | null;
      tip_cents: number;
    }
  >(
    'SELECT purpose, quote_id, invoice_id, job_id, customer_id, tip_cents FROM checkout_sessions WHERE provider_session_id = ?',
  );

  return {
    /** The Checkout page to send the customer to: the open one for the same payment, or a new one. */
    async start(req: CheckoutRequest): Promise<{ url: string }> {
      const nowMs = clock();
      const target = {
        purpose: req.purpose,
        quoteId: req.quoteId ?? null,
        invoiceId: req.invoiceId ?? null,
      };
      const tip = req.tipCents ?? 0;
      const reuse = open.get({
        ...target,
        amount: req.amountCents,
        tip,
        now: new Date(nowMs + 5 * 60_000).toISOString(),
      });
      if (reuse) {
        // Our row is open until the webhook says otherwise, which may be a moment after the customer
        // paid (or never, while the webhook is down): Stripe's word decides whether it is reusable.
        const live = await stripe.checkout.sessions.retrieve(reuse.provider_session_id);
        if (live.status === 'open') return { url: reuse.url };
        setStatus.run({
          sessionId: reuse.provider_session_id,
          status: live.status === 'complete' ? 'complete' : 'expired',
        });
      }
      // Our key: the thing paid, the amount, and how many sessions it had — a retry of this very
      // request gets Stripe's first answer back, a new press after expiry a new session.
      const n = attempts.get(target)?.n ?? 0;
      const idempotencyKey = `washdesk-checkout-${createHash('sha256')
        .update(JSON.stringify([target, req.amountCents, tip, n]))
        .digest('hex')
        .slice(0, 40)}`;
      const metadata: Record<string, string> = {
        purpose: req.purpose,
        ...(req.quoteId ? { quote_id: String(req.quoteId) } : {}),
        ...(req.invoiceId ? { invoice_id: String(req.invoiceId) } : {}),
        ...(req.jobId ? { job_id: String(req.jobId) } : {}),
        ...(req.customerId ? { customer_id: String(req.customerId) } : {}),
        tip_cents: String(tip),
      };
      const line = (name: string, cents: number) => ({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: cents, product_data: { name } },
      });
      const expiresAt = Math.floor((nowMs + CHECKOUT_LIFETIME_MS) / 1000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Cards and US bank accounts (ACH, the cheaper way to pay); never a surcharge line.
          // (this API version filters the account's enabled methods by this list)
          allowed_payment_method_types: ['card', 'us_bank_account'],
          line_items: [
            line(req.description, req.amountCents - tip),
            ...(tip > 0 ? [line(req.tipDescription ?? 'Tip for the crew', tip)] : []),
          ],
          client_reference_id: `${req.purpose}:${req.invoiceId ?? req.quoteId}`,
          metadata,
          // The payment intent carries our ids too: refunds and disputes arrive naming only it.
          payment_intent_data: { metadata },
          ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
          expires_at: expiresAt,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          ...(req.locale ? { locale: req.locale } : {}),
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a page');
      insert.run({
        sessionId: session.id,
        ...target,
        jobId: req.jobId ?? null,
        customerId: req.customerId ?? null,
        amount: req.amountCents,
        tip,
        url: session.url,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        now: new Date(nowMs).toISOString(),
      });
      return { url: session.url };
    },
    /** A session's outcome from its webhook event: completed or expired (never reopened). */
    settle(sessionId: string, status: 'complete' | 'expired') {
      setStatus.run({ sessionId, status });
    },
    /** What one of our sessions was for (its metadata says the same; this is the row we wrote). */
    of(sessionId: string) {
      return bySession.get(sessionId);
    },
    /** Sessions still open here though Stripe has surely closed them (past their expiry), oldest first. */
    overdue(nowMs: number): string[] {
      return overdue.all(new Date(nowMs).toISOString());
    },
  };
}
export type CheckoutSessions = ReturnType<typeof checkoutSessions>;
