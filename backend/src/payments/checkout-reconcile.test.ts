import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeFeeCents } from '../test/fake-stripe.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { checkoutSessions } from './checkout-sessions.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { stripeClient } from './stripe-client.ts';
import { STRIPE_WEBHOOK } from './stripe-webhook.routes.ts';

// Checkout Sessions whose webhook event never came (the server was down longer than Stripe
// retries) are not left open for ever: at the next start each one past its expiry is asked of
// Stripe (the real SDK, the fake Stripe) and settled as its event would have settled it. The real
// events arriving afterwards change nothing more.

const DAY = 24 * 3_600_000;
let now = Date.parse('2026-06-01T17:00:00.000Z');
const clock = () => now;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-checkout-reconcile-'));
const cleanup: (() => unknown)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

const sessions = (server: TestServer) =>
  Object.fromEntries(
    (
      server.db.prepare('SELECT provider_session_id AS id, status FROM checkout_sessions').all() as {
        id: string;
        status: string;
      }[]
    ).map((r) => [r.id, r.status]),
  );

describe('Checkout Sessions left open past their expiry', () => {
  it('are settled from Stripe at the next start, as their events would have, and the late events change nothing', async () => {
    const fake = await startFakeStripe({ clock });
    cleanup.push(() => fake.close());
    const env = {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE_URL: fake.url,
    };
    // The webhook never reaches this server: its events wait at the fake.
    const first = await startTestServer({ dataDir, clock, env });
    const checkout = checkoutSessions(
      first.db,
      stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url }),
      clock,
    );
    const start = async (quoteId: number, amountCents: number) =>
      (
        await checkout.start({
          purpose: 'deposit',
          quoteId,
          customerId: 40 + quoteId,
          amountCents,
          description: 'Deposit for your house wash',
          successUrl: `${first.url}/paid`,
          cancelUrl: `${first.url}/back`,
        })
      ).url
        .split('/')
        .pop()!;
    const paid = await start(1, 9_000);
    const expired = await start(2, 6_000);
    const untouched = await start(3, 4_000);
    await fake.pay(paid, 'card');
    await fake.expireSession(expired);
    expect(Object.values(sessions(first))).toEqual(['open', 'open', 'open']);
    expect(first.count('payments')).toBe(0);
    await first.stop();

    // Two days later the server starts again; Stripe's retries have long given up.
    now += 2 * DAY;
    const second = await startTestServer({ dataDir, clock, env });
    cleanup.push(() => second.stop());
    await second.settled();
    // Stripe still holds the third open (the fake never expires on its own): it waits for its event.
    expect(sessions(second)).toEqual({ [paid]: 'complete', [expired]: 'expired', [untouched]: 'open' });
    const ledger = ledgerRepository(second.db);
    expect(ledger.depositOfQuote(1)).toEqual({ paidCents: 9_000, pendingCents: 0 });
    expect(second.db.prepare('SELECT kind, method, amount_cents FROM payments ORDER BY id').all()).toEqual([
      { kind: 'payment', method: 'card', amount_cents: 9_000 },
      { kind: 'fee', method: 'card', amount_cents: -stripeFeeCents('card', 9_000) },
    ]);
    expect(ledger.netCents()).toBe(fake.balanceCents());
    const received = () =>
      second.db.prepare("SELECT summary FROM events WHERE type = 'payment.received'").pluck().all();
    expect(received()).toEqual(['Deposit of $90 received']);

    // The events that never came arrive now: nothing moves again.
    // Every column but updated_at (a replayed event touches it, and only it).
    const rows = () =>
      (second.db.prepare('SELECT * FROM payments ORDER BY id').all() as Record<string, unknown>[]).map(
        ({ updated_at: _, ...row }) => row,
      );
    const before = rows();
    fake.setWebhookUrl(`${second.url}${STRIPE_WEBHOOK}`);
    await fake.deliveredAll();
    await second.settled();
    expect(rows()).toEqual(before);
    expect(received()).toEqual(['Deposit of $90 received']);
    expect(second.errors).toEqual([]);
  });
});
