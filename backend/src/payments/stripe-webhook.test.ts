import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeStripe, stripeFeeCents } from '../test/fake-stripe.ts';
import { startTestServer } from '../test/test-server.ts';
import { stripeClient } from './stripe-client.ts';
import { STRIPE_WEBHOOK } from './stripe-webhook.routes.ts';

// Stripe's webhook end to end: the real SDK creates sessions and refunds on the fake Stripe, the
// fake delivers signed events to the real server on a real SQLite file, and every event kind,
// replayed three times, leaves the ledger as once.

let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig();
});
afterAll(() => rig.stop());

const intentOf = async (sessionId: string) =>
  (await rig.sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;

/** One of each: card, bank paid, bank failed, refunds (card, bank, tip only, failed), disputes, an expiry. */
async function everyKind() {
  const { fake, sdk } = rig;
  const card = await rig.startCheckout({
    purpose: 'invoice',
    invoiceId: 1,
    jobId: 11,
    customerId: 21,
    amountCents: 35_000,
    tipCents: 3_000,
  });
  await fake.pay(card, 'card');
  const cardPi = await intentOf(card);
  const bank = await rig.startCheckout({
    purpose: 'deposit',
    quoteId: 2,
    customerId: 22,
    amountCents: 9_000,
  });
  await fake.pay(bank, 'us_bank_account');
  const bankPi = await intentOf(bank);
  await fake.settleBankPayment(bankPi, 'succeeded');
  const bounced = await rig.startCheckout({ purpose: 'deposit', quoteId: 3, amountCents: 12_000 });
  await fake.pay(bounced, 'us_bank_account');
  await fake.settleBankPayment(await intentOf(bounced), 'failed');
  const expired = await rig.startCheckout({ purpose: 'deposit', quoteId: 4, amountCents: 5_000 });
  await fake.expireSession(expired);
  await sdk.refunds.create(
    { payment_intent: cardPi, amount: 3_000, metadata: { tip_cents: '3000', invoice_id: '1' } },
    { idempotencyKey: 'tip-1' },
  );
  const failing = await sdk.refunds.create(
    { payment_intent: cardPi, amount: 2_000 },
    { idempotencyKey: 'refund-2' },
  );
  await fake.failRefund(failing.id);
  await sdk.refunds.create({ payment_intent: bankPi, amount: 1_000 }, { idempotencyKey: 'refund-3' });
  const lost = await fake.openDispute(cardPi, { amountCents: 10_000, reason: 'product_not_received' });
  await fake.closeDispute(lost, 'lost');
  const won = await fake.openDispute(cardPi, { amountCents: 5_000 });
  await fake.closeDispute(won, 'won');
  await rig.settled();
  return { cardPi, bankPi, card, expired };
}

const everything = () => ({
  payments: rig.server.db.prepare('SELECT * FROM payments ORDER BY id').all(),
  disputes: rig.server.db.prepare('SELECT * FROM disputes ORDER BY id').all(),
  sessions: rig.server.db
    .prepare('SELECT provider_session_id, status FROM checkout_sessions ORDER BY id')
    .all(),
});

describe('POST /api/stripe/webhook', () => {
  it('records every kind of event once, and three deliveries of each change nothing', async () => {
    const { cardPi, bankPi, card, expired } = await everyKind();
    const events = rig.fake.events();
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set([
        'payment_intent.succeeded',
        'payment_intent.processing',
        'payment_intent.payment_failed',
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
        'refund.created',
        'refund.updated',
        'refund.failed',
        'charge.dispute.created',
        'charge.dispute.closed',
      ]),
    );
    const before = everything();
    // The ledger: 3 payments, 2 fees, 3 refunds, 2 withdrawals, 1 reinstatement.
    const rows = before.payments as {
      kind: string;
      status: string;
      amount_cents: number;
      tip_cents: number;
      source_key: string;
    }[];
    expect(rows.map((r) => `${r.kind}:${r.status}:${r.amount_cents}`).sort()).toEqual(
      [
        'payment:succeeded:35000',
        'payment:succeeded:9000',
        'payment:failed:12000',
        `fee:succeeded:${-stripeFeeCents('card', 35_000)}`,
        `fee:succeeded:${-stripeFeeCents('us_bank_account', 9_000)}`,
        'refund:succeeded:-3000',
        'refund:failed:-2000',
        'refund:succeeded:-1000',
        'dispute:succeeded:-10000',
        'dispute:succeeded:-5000',
        'dispute_reversal:succeeded:5000',
      ].sort(),
    );
    expect(rows.find((r) => r.amount_cents === -3000)!.tip_cents).toBe(-3000);
    expect(rig.ledger.settledForInvoice(1)).toEqual({
      amountCents: 35_000 - 3_000 - 10_000,
      tipCents: 0,
      pendingCents: 0,
    });
    expect(rig.ledger.depositOfQuote(2)).toEqual({ paidCents: 8_000, pendingCents: 0 });
    expect(
      rig.ledger
        .ofPaymentIntent(cardPi)
        .filter((p) => p.kind !== 'payment')
        .every((p) => p.refundOf !== null),
    ).toBe(true);
    expect(rig.ledger.ofPaymentIntent(bankPi)[0]).toMatchObject({
      method: 'us_bank_account',
      purpose: 'deposit',
      quoteId: 2,
      customerId: 22,
    });
    expect(before.sessions).toContainEqual({ provider_session_id: card, status: 'complete' });
    expect(before.sessions).toContainEqual({ provider_session_id: expired, status: 'expired' });
    expect(rig.disputes.page(10).map((d) => [d.status, d.invoiceId, d.closedAt !== null])).toEqual([
      ['won', 1, true],
      ['lost', 1, true],
    ]);
    expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());

    // Each event twice more, signed afresh as Stripe's retries are: every answer 200, nothing moves.
    for (const event of [...events, ...events]) {
      const res = await rig.post(JSON.stringify(event, null, 2));
      expect(res.status).toBe(200);
    }
    await rig.server.settled();
    expect(everything()).toEqual(before);
    expect(rig.server.errors).toEqual([]);
  });

  it('tells staff once: a payment received, a dispute opened', async () => {
    const live = () =>
      rig.server.db
        .prepare(
          "SELECT type, summary FROM events WHERE type IN ('payment.received', 'dispute.opened') ORDER BY id",
        )
        .all() as { type: string; summary: string }[];
    const count = live().length;
    const s = await rig.startCheckout({ purpose: 'deposit', quoteId: 90, amountCents: 7_500 });
    await rig.fake.pay(s, 'card');
    const du = await rig.fake.openDispute(await intentOf(s));
    await rig.settled();
    for (const e of rig.fake.events().slice(-3)) await rig.post(JSON.stringify(e));
    expect(live().slice(count)).toEqual([
      { type: 'payment.received', summary: 'Deposit of $75 received' },
      {
        type: 'dispute.opened',
        summary: expect.stringMatching(/^A payment of \$75 was disputed: evidence due by \d{4}-\d\d-\d\d$/),
      },
    ]);
    expect(rig.disputes.open().map((d) => d.providerDisputeId)).toContain(du);
  });

  it('is not there without the signing secret, and records nothing', async () => {
    const bare = await startTestServer();
    try {
      const res = await fetch(`${bare.url}${STRIPE_WEBHOOK}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
        body: JSON.stringify({
          id: 'evt_1',
          type: 'payment_intent.succeeded',
        } satisfies Partial<Stripe.Event>),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /Stripe payments are not connected/,
      );
      expect(bare.count('webhook_events')).toBe(0);
      expect(bare.count('payments')).toBe(0);
    } finally {
      await bare.stop();
    }
  });

  it('fetches a fee that could not be fetched at the next start', async () => {
    const fake = await startFakeStripe();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-stripe-fees-'));
    const env = (apiBaseUrl: string) => ({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE_URL: apiBaseUrl,
    });
    try {
      // Stripe's API unreachable (nothing listens on port 9) while its webhook still arrives.
      const first = await startTestServer({ dataDir, env: env('http://127.0.0.1:9') });
      fake.setWebhookUrl(`${first.url}${STRIPE_WEBHOOK}`);
      const session = await stripeFirstSession(fake.url, fake.secretKey);
      await fake.pay(session, 'card');
      await fake.deliveredAll();
      await first.settled();
      const kinds = () => first.db.prepare('SELECT kind FROM payments ORDER BY id').pluck().all();
      expect(kinds()).toEqual(['payment']);
      expect(first.errors).toHaveLength(1);
      await first.stop();
      const second = await startTestServer({ dataDir, env: env(fake.url) });
      await second.settled();
      expect(second.db.prepare('SELECT kind, amount_cents FROM payments ORDER BY id').all()).toEqual([
        { kind: 'payment', amount_cents: 20_000 },
        { kind: 'fee', amount_cents: -stripeFeeCents('card', 20_000) },
      ]);
      expect(fake.balanceCents()).toBe(20_000 - stripeFeeCents('card', 20_000));
      await second.stop();
    } finally {
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A session made straight with the SDK (no server needed to make one). */
async function stripeFirstSession(apiBaseUrl: string, secretKey: string) {
  const s = await stripeClient({ secretKey, apiBaseUrl }).checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 20_000, product_data: { name: 'House wash' } },
      },
    ],
    payment_intent_data: { metadata: { purpose: 'invoice', invoice_id: '77' } },
    success_url: 'http://127.0.0.1:1/paid',
  });
  return s.id;
}
