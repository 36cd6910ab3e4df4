import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { disputeRepository } from '../disputes/dispute.repository.ts';
import { webhookInbox } from '../webhooks/webhook-inbox.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { checkoutSessions } from './checkout-sessions.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { stripeClient } from './stripe-client.ts';
import { stripeEvents } from './stripe-events.ts';

// Stripe delivers at least once and in no promised order. The events of a busy stretch (payments
// by card and bank, a bounced bank payment, refunds of a tip and of part of a job, a failed refund,
// disputes lost and won, an expiry) are applied in 200 generated orders, with duplicates, each on
// a real SQLite file (each run rolled back to the start) through the same inbox and handler as the webhook: every order ends in the
// same ledger, the same disputes and the same sessions.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-stripe-orders-'));
const migrations = loadConfig({ DATA_DIR: dir }).migrationsDir;
const template = path.join(dir, 'template.sqlite');
let fake: FakeStripe;
let events: Stripe.Event[];
let sdk: ReturnType<typeof stripeClient>;
const sessionRows: {
  id: string;
  purpose: 'deposit' | 'invoice';
  quoteId?: number;
  invoiceId?: number;
  amount: number;
  tip: number;
}[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  sdk = stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url });
  // The sessions are made through the real owner, on the template every run starts from.
  const db = openDatabase(template, migrations);
  const checkout = checkoutSessions(db, sdk);
  const session = async (purpose: 'deposit' | 'invoice', id: number, amount: number, tip = 0) => {
    const { url } = await checkout.start({
      purpose,
      ...(purpose === 'deposit' ? { quoteId: id } : { invoiceId: id, jobId: id + 100 }),
      customerId: id + 200,
      amountCents: amount,
      tipCents: tip,
      description: 'House wash',
      successUrl: 'http://127.0.0.1:1/paid',
      cancelUrl: 'http://127.0.0.1:1/back',
    });
    const sid = url.split('/').pop()!;
    sessionRows.push({ id: sid, purpose, amount, tip });
    return sid;
  };
  const pi = async (sid: string) => (await sdk.checkout.sessions.retrieve(sid)).payment_intent as string;
  const card = await session('invoice', 1, 42_000, 4_000);
  await fake.pay(card, 'card');
  const bank = await session('deposit', 2, 10_000);
  await fake.pay(bank, 'us_bank_account');
  await fake.settleBankPayment(await pi(bank), 'succeeded');
  const bounced = await session('invoice', 3, 15_000);
  await fake.pay(bounced, 'us_bank_account');
  await fake.settleBankPayment(await pi(bounced), 'failed');
  await fake.expireSession(await session('deposit', 4, 6_000));
  const cardPi = await pi(card);
  await sdk.refunds.create({ payment_intent: cardPi, amount: 4_000, metadata: { tip_cents: '4000' } });
  const failed = await sdk.refunds.create({ payment_intent: cardPi, amount: 1_500 });
  await fake.failRefund(failed.id);
  await sdk.refunds.create({ payment_intent: await pi(bank), amount: 2_500 });
  const lost = await fake.openDispute(cardPi, { amountCents: 8_000 });
  await fake.closeDispute(lost, 'lost');
  const won = await fake.openDispute(cardPi, { amountCents: 3_000 });
  await fake.closeDispute(won, 'won');
  events = fake.events();
  db.close();
});
afterAll(async () => {
  db?.close();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let db: Db;
/** The events applied as the webhook would, on the template's file, then rolled back. */
function replay(order: Stripe.Event[]) {
  db ??= openDatabase(template, migrations);
  db.exec('BEGIN');
  try {
    const inbox = webhookInbox(db);
    const apply = stripeEvents({
      ledger: ledgerRepository(db),
      disputes: disputeRepository(db),
      checkout: checkoutSessions(db, sdk),
    });
    for (const event of order) inbox.once('stripe', event.id, () => apply(event));
    return holdings(db);
  } finally {
    db.exec('ROLLBACK');
  }
}

function holdings(db: Db) {
  const rows = db.prepare('SELECT * FROM payments').all() as Record<string, unknown>[];
  const keyOf = new Map(rows.map((r) => [r.id, r.source_key]));
  const payments = rows
    .map(({ id: _i, created_at: _c, updated_at: _u, refund_of, ...r }): Record<string, unknown> => ({
      ...r,
      refundOf: keyOf.get(refund_of) ?? null,
    }))
    .sort((a, b) => String(a.source_key).localeCompare(String(b.source_key)));
  const disputes = (
    db.prepare('SELECT * FROM disputes ORDER BY provider_dispute_id').all() as Record<string, unknown>[]
  ).map(({ id: _i, updated_at: _u, ...d }) => d);
  const sessions = db
    .prepare('SELECT provider_session_id, status FROM checkout_sessions ORDER BY provider_session_id')
    .all();
  return { payments, disputes, sessions };
}

describe('Stripe events in any order', () => {
  it('give the same ledger in 200 generated orders, duplicates included', () => {
    const expected = replay(events);
    // The scenario is what it claims to be: 10 ledger rows, 2 disputes, one expired session.
    expect(expected.payments.map((p) => `${String(p.kind)}:${String(p.status)}`).sort()).toEqual(
      [
        'dispute:succeeded',
        'dispute:succeeded',
        'dispute_reversal:succeeded',
        'payment:failed',
        'payment:succeeded',
        'payment:succeeded',
        'refund:failed',
        'refund:succeeded',
        'refund:succeeded',
      ].sort(),
    );
    expect(expected.disputes.map((d) => d.status).sort()).toEqual(['lost', 'won']);
    expect(expected.sessions.map((s) => (s as { status: string }).status).sort()).toEqual([
      'complete',
      'complete',
      'complete',
      'expired',
    ]);
    expect(expected.payments.filter((p) => p.kind !== 'payment').every((p) => p.refundOf !== null)).toBe(
      true,
    );

    const n = events.length;
    const orders = fc.tuple(
      fc.shuffledSubarray(
        events.map((_, i) => i),
        { minLength: n, maxLength: n },
      ),
      // Deliveries again, each at some place in the order.
      fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n)), { maxLength: 12 }),
    );
    fc.assert(
      fc.property(orders, ([permutation, duplicates]) => {
        const order = permutation.map((i) => events[i]!);
        for (const [i, at] of duplicates) order.splice(at, 0, events[i]!);
        expect(replay(order)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
