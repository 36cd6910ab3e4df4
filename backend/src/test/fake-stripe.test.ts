import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeClient } from '../payments/stripe-client.ts';
import { startFakeStripe, stripeFeeCents, type FakeStripe } from './fake-stripe.ts';

// The real stripe SDK round-trips against the fake over HTTP: form encoding, the Bearer key,
// idempotency keys, expand, errors as StripeError classes, and events signed so that the SDK's
// own constructEvent accepts them.

let fake: FakeStripe;
let sdk: Stripe;
const received: { event: Stripe.Event; status: number }[] = [];
let hook: http.Server;
let refuseNext = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  sdk = stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url });
  // A webhook that checks each delivery with the SDK and refuses the first `refuseNext` ones.
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = sdk.webhooks.constructEvent(
        Buffer.concat(chunks),
        String(req.headers['stripe-signature']),
        fake.webhookSecret,
      );
      const status = refuseNext > 0 ? (refuseNext--, 500) : 200;
      received.push({ event, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  fake.setWebhookUrl(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`);
});
afterAll(async () => {
  await fake.close();
  await new Promise((r) => hook.close(r));
});

const session = (amount: number, key?: string) =>
  sdk.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card', 'us_bank_account'],
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'House wash' } },
        },
      ],
      metadata: { purpose: 'invoice', invoice_id: '7' },
      payment_intent_data: { metadata: { purpose: 'invoice', invoice_id: '7', tip_cents: '0' } },
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      success_url: 'http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:1/back',
    },
    key ? { idempotencyKey: key } : undefined,
  );

describe('the fake Stripe with the real SDK', () => {
  it('makes a session, answers the same key with the same session, and keeps it', async () => {
    const a = await session(32_500, 'same-key');
    const b = await session(32_500, 'same-key');
    const c = await session(32_500);
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
    expect(a).toMatchObject({
      amount_total: 32_500,
      status: 'open',
      payment_status: 'unpaid',
      url: `${fake.url}/checkout/${a.id}`,
    });
    expect((await sdk.checkout.sessions.retrieve(a.id)).metadata).toEqual({
      purpose: 'invoice',
      invoice_id: '7',
    });
    // A key reused with other parameters is Stripe's idempotency error.
    await expect(session(1_000, 'same-key')).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(sdk.checkout.sessions.retrieve('cs_test_nothing')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('serves the hosted page, whose button pays and goes back to success_url', async () => {
    const s = await session(10_000);
    const page = await (await fetch(s.url!)).text();
    expect(page).toContain('Pay with card');
    expect(page).toContain('Pay with bank account');
    expect(page).toContain('$100.00');
    expect(page).toContain('width=device-width');
    const res = await fetch(`${fake.url}/checkout/${s.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'method=card',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:1/paid?session=${s.id}`);
    const done = await sdk.checkout.sessions.retrieve(s.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const pi = await sdk.paymentIntents.retrieve(done.payment_intent as string, {
      expand: ['latest_charge.balance_transaction'],
    });
    expect(pi.metadata).toEqual({ purpose: 'invoice', invoice_id: '7', tip_cents: '0' });
    const txn = (pi.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;
    expect(txn.fee).toBe(stripeFeeCents('card', 10_000));
    expect((await sdk.balanceTransactions.retrieve(txn.id)).net).toBe(10_000 - 320);
  });

  it('refunds once per key, refuses more than is left, and the balance follows', async () => {
    const s = await session(20_000);
    await fake.pay(s.id, 'card');
    const piId = (await sdk.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const before = fake.balanceCents();
    const r1 = await sdk.refunds.create(
      { payment_intent: piId, amount: 5_000, metadata: { tip_cents: '0' } },
      { idempotencyKey: 'refund-1' },
    );
    const r2 = await sdk.refunds.create(
      { payment_intent: piId, amount: 5_000, metadata: { tip_cents: '0' } },
      { idempotencyKey: 'refund-1' },
    );
    expect(r2.id).toBe(r1.id);
    expect(r1).toMatchObject({ status: 'succeeded', amount: 5_000, payment_intent: piId });
    expect((await sdk.refunds.retrieve(r1.id)).metadata).toEqual({ tip_cents: '0' });
    await expect(sdk.refunds.create({ payment_intent: piId, amount: 15_001 })).rejects.toThrow(
      /greater than unrefunded/,
    );
    expect(fake.balanceCents()).toBe(before - 5_000);
    const balance = await sdk.balance.retrieve();
    expect(balance.available[0]!.amount).toBe(fake.balanceCents());
  });

  it('keeps a bank payment processing until it settles, and expires what is not paid', async () => {
    const s = await session(30_000);
    await fake.pay(s.id, 'us_bank_account');
    const done = await sdk.checkout.sessions.retrieve(s.id);
    expect(done.payment_status).toBe('unpaid');
    const piId = done.payment_intent as string;
    expect((await sdk.paymentIntents.retrieve(piId)).status).toBe('processing');
    const before = fake.balanceCents();
    await fake.settleBankPayment(piId, 'succeeded');
    expect(fake.balanceCents()).toBe(before + 30_000 - stripeFeeCents('us_bank_account', 30_000));
    expect(stripeFeeCents('us_bank_account', 300_000)).toBe(500);
    const open = await session(5_000);
    const expired = await sdk.checkout.sessions.expire(open.id);
    expect(expired.status).toBe('expired');
    await expect(sdk.checkout.sessions.expire(open.id)).rejects.toThrow(/status of "expired"/);
  });

  it('opens and closes disputes through the balance', async () => {
    const s = await session(40_000);
    await fake.pay(s.id, 'card');
    const piId = (await sdk.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const before = fake.balanceCents();
    const lost = await fake.openDispute(piId, { amountCents: 10_000 });
    await fake.closeDispute(lost, 'lost');
    const won = await fake.openDispute(piId, { amountCents: 5_000 });
    await fake.closeDispute(won, 'won');
    expect(fake.balanceCents()).toBe(before - 10_000);
  });

  it('lists its events and delivers each, signed, retrying a refused delivery', async () => {
    refuseNext = 2;
    const s = await session(1_000);
    await fake.pay(s.id, 'card');
    await fake.deliveredAll();
    const emitted = fake.events();
    const ok = received.filter((r) => r.status === 200).map((r) => r.event.id);
    expect(ok).toEqual(emitted.map((e) => e.id));
    expect(received.filter((r) => r.status === 500)).toHaveLength(2);
    const listed = await sdk.events.list({ limit: 3 });
    expect(listed.data.map((e) => e.id)).toEqual(
      emitted
        .slice(-3)
        .reverse()
        .map((e) => e.id),
    );
    expect(listed.has_more).toBe(true);
    const types = new Set(emitted.map((e) => e.type));
    for (const t of [
      'checkout.session.completed',
      'checkout.session.expired',
      'checkout.session.async_payment_succeeded',
      'payment_intent.succeeded',
      'refund.created',
      'charge.dispute.created',
      'charge.dispute.closed',
    ])
      expect(types).toContain(t);
  });

  it('refuses a wrong key', async () => {
    const other = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
    });
    await expect(other.balance.retrieve()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('the fake Stripe controlled over HTTP (browser tests in another process)', () => {
  const control = async (name: string, body?: object) => {
    const res = await fetch(`${fake.url}/__control/${name}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('pays, settles a bank payment, disputes, and reports the balance', async () => {
    const s = await session(8_000);
    expect((await control('pay', { sessionId: s.id, method: 'us_bank_account' })).status).toBe(200);
    const pi = (await sdk.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const before = fake.balanceCents();
    expect((await control('settle-bank', { paymentIntentId: pi, outcome: 'succeeded' })).status).toBe(200);
    const { body } = await control('dispute', { paymentIntentId: pi, amountCents: 1_000 });
    expect(String(body.id)).toMatch(/^du_/);
    expect((await control('close-dispute', { disputeId: body.id, outcome: 'lost' })).status).toBe(200);
    expect((await control('balance')).body).toEqual({
      balanceCents: before + 8_000 - stripeFeeCents('us_bank_account', 8_000) - 1_000,
    });
    expect((await control('delivered')).body).toEqual({ ok: true });
    expect((await control('settle-bank', { paymentIntentId: pi, outcome: 'failed' })).status).toBe(400);
  });
});
