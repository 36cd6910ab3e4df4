import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { checkoutSessions, type CheckoutRequest } from './checkout-sessions.ts';
import { stripeClient } from './stripe-client.ts';

// Pressing Pay again (the back button, a second tab) gets the same open session, so nobody pays
// twice by accident; but a session already paid or expired at Stripe is never handed out again,
// even before its webhook arrived (or while the webhook is down). The real SDK, the fake Stripe
// (delivering nowhere: no webhook at all here), a real SQLite file.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-checkout-'));
let fake: FakeStripe;
let db: Db;
let checkout: ReturnType<typeof checkoutSessions>;
beforeAll(async () => {
  fake = await startFakeStripe();
  db = openDatabase(path.join(dir, 'db.sqlite'), loadConfig({ DATA_DIR: dir }).migrationsDir);
  checkout = checkoutSessions(db, stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url }));
});
afterAll(async () => {
  db.close();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const pay = (invoiceId: number, amountCents: number): CheckoutRequest => ({
  purpose: 'invoice',
  invoiceId,
  amountCents,
  description: 'House wash',
  successUrl: 'http://127.0.0.1:1/paid',
  cancelUrl: 'http://127.0.0.1:1/back',
});
const sessionOf = (url: string) => url.split('/').pop()!;

describe('checkout sessions', () => {
  it('reuse the open session for the same payment, with our own idempotency key', async () => {
    const first = await checkout.start(pay(1, 16_000));
    expect((await checkout.start(pay(1, 16_000))).url).toBe(first.url);
    expect((await checkout.start(pay(1, 8_000))).url).not.toBe(first.url);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(creates).toHaveLength(2);
    expect(creates.every((r) => r.idempotencyKey?.startsWith('washdesk-checkout-'))).toBe(true);
  });

  it('never hand out a session Stripe has completed or expired, webhook or not', async () => {
    const half = await checkout.start(pay(2, 10_000));
    await fake.pay(sessionOf(half.url), 'card');
    // The second half, same amount, pressed before any webhook: a new session.
    const second = await checkout.start(pay(2, 10_000));
    expect(second.url).not.toBe(half.url);
    expect(
      db
        .prepare('SELECT status FROM checkout_sessions WHERE provider_session_id = ?')
        .pluck()
        .get(sessionOf(half.url)),
    ).toBe('complete');
    await fake.expireSession(sessionOf(second.url));
    const third = await checkout.start(pay(2, 10_000));
    expect(new Set([half.url, second.url, third.url]).size).toBe(3);
    expect(checkout.of(sessionOf(third.url))).toMatchObject({ purpose: 'invoice', invoice_id: 2 });
  });
});
