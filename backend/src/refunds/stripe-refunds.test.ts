import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import type { JsonResponse } from '../test/test-server.ts';
import { DISPUTED_PAYMENT, PENDING_BANK_PAYMENT } from './refund.service.ts';

// Card and bank refunds through the real stripe SDK against the fake Stripe on 127.0.0.1, whose
// events come back signed to the server's own webhook: the refund row our answer records and the
// one the webhook records are the same row, a double click is one refund AT STRIPE (counted by
// the idempotency keys the fake was sent), and the books still balance to the cent.

let rig: StripeRig;
let invoice = 900;

/** A payment made as a customer makes it: a Checkout Session, paid on the hosted page. */
async function paid(method: 'card' | 'us_bank_account', amountCents: number, tipCents = 0) {
  const invoiceId = ++invoice;
  const session = await rig.startCheckout({
    purpose: 'invoice',
    invoiceId,
    jobId: invoiceId + 1000,
    amountCents,
    tipCents,
  });
  await rig.fake.pay(session, method);
  await rig.settled();
  const payment = rig.ledger.ofInvoice(invoiceId).find((p) => p.kind === 'payment')!;
  expect(payment).toMatchObject({ amountCents, tipCents, method });
  return payment;
}

const refund = (id: number, body: unknown, key?: string): Promise<JsonResponse> =>
  fetch(`${rig.server.url}/api/payments/${id}/refund`, {
    method: 'POST',
    headers: {
      Cookie: rig.server.owner.cookie,
      'X-CSRF-Token': rig.server.owner.csrfToken,
      'Content-Type': 'application/json',
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(body),
  });

/** The refunds the fake Stripe was asked to make: one per idempotency key (the SDK's retries share it). */
const refundsAsked = () =>
  new Set(
    rig.fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds')
      .map((r) => r.idempotencyKey),
  ).size;

beforeAll(async () => {
  rig = await startStripeRig();
});
afterAll(() => rig.stop());

describe('a card refund through Stripe', () => {
  it('gives back part of a payment with our key, and the webhook converges to the same ledger row', async () => {
    const p = await paid('card', 30_000, 2_000);
    const before = refundsAsked();
    const res = await refund(p.id, { amountCents: 10_000, reason: 'Gutters skipped' });
    expect(res.status).toBe(201);
    const { refund: row, refundable } = await res.json();
    expect(row).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      method: 'card',
      amountCents: -10_000,
      refundOf: p.id,
      invoiceId: p.invoiceId,
    });
    expect(row.providerRefundId).toMatch(/^re_/);
    expect(refundable).toEqual({ paymentId: p.id, amountCents: 20_000, tipCents: 2_000 });
    expect(refundsAsked()).toBe(before + 1);
    const key = rig.fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.idempotencyKey!;
    const requestId = rig.server.db
      .prepare('SELECT id FROM refund_requests ORDER BY id DESC LIMIT 1')
      .pluck()
      .get();
    expect(key).toBe(`washdesk-refund-${requestId}`);
    await rig.settled();
    const refunds = rig.ledger.ofInvoice(p.invoiceId!).filter((r) => r.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      id: row.id,
      amountCents: -10_000,
      tipCents: 0,
      reference: 'Gutters skipped',
    });
    // What the fake's balance holds, our ledger holds: charges, the refund and the fees.
    expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());
  });

  it('refunds the tip on its own, and refuses more than is left before asking Stripe (422)', async () => {
    const p = await paid('card', 27_000, 3_000);
    const before = refundsAsked();
    const tip = await refund(p.id, { amountCents: 3_000, tipCents: 3_000 });
    expect(tip.status).toBe(201);
    expect((await tip.json()).refundable).toEqual({ paymentId: p.id, amountCents: 24_000, tipCents: 0 });
    await rig.settled();
    const [row] = rig.ledger.ofInvoice(p.invoiceId!).filter((r) => r.kind === 'refund');
    expect(row).toMatchObject({ amountCents: -3_000, tipCents: -3_000 });
    expect(rig.ledger.settledForInvoice(p.invoiceId!).tipCents).toBe(0);

    const over = await refund(p.id, { amountCents: 24_001 });
    expect(over.status).toBe(422);
    expect((await over.json()).error.message).toBe('Only $240 of this payment is left to refund.');
    expect(refundsAsked()).toBe(before + 1);
    expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());
  });

  it('makes one refund at Stripe for a double click, with a key or without', async () => {
    const p = await paid('card', 20_000);
    const before = refundsAsked();
    const answers = await Promise.all([
      refund(p.id, { amountCents: 5_000 }, 'dialog-key-double'),
      refund(p.id, { amountCents: 5_000 }, 'dialog-key-double'),
      refund(p.id, { amountCents: 5_000 }, 'dialog-key-double'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).refund.id)));
    expect(ids.size).toBe(1);
    const [x, y] = await Promise.all([
      refund(p.id, { amountCents: 1_000 }),
      refund(p.id, { amountCents: 1_000 }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(refundsAsked()).toBe(before + 2);
    await rig.settled();
    expect(
      rig.ledger
        .ofInvoice(p.invoiceId!)
        .filter((r) => r.kind === 'refund')
        .map((r) => r.amountCents)
        .sort((a, b) => a - b),
    ).toEqual([-5_000, -1_000]);
    expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());
  });
});

describe('what is left to refund, as Stripe moves on', () => {
  it('counts a refund made in Stripe’s dashboard, and gives back what a failed refund did not', async () => {
    const p = await paid('card', 18_000);
    // Someone refunds $50 in Stripe's own dashboard: the webhook records it, and it counts.
    await rig.sdk.refunds.create({ payment_intent: p.providerPaymentIntentId!, amount: 5_000 });
    await rig.settled();
    expect((await (await rig.server.get(`/api/payments/${p.id}/refundable`)).json()).amountCents).toBe(
      13_000,
    );
    expect((await refund(p.id, { amountCents: 13_001 })).status).toBe(422);
    const ours = await refund(p.id, { amountCents: 13_000 });
    expect(ours.status).toBe(201);
    const { refund: row } = await ours.json();
    // The customer's bank sends our refund back: it no longer counts, and the rest is refundable again.
    await rig.fake.failRefund(row.providerRefundId);
    await rig.settled();
    expect(rig.ledger.get(row.id)!.status).toBe('failed');
    expect((await (await rig.server.get(`/api/payments/${p.id}/refundable`)).json()).amountCents).toBe(
      13_000,
    );
    expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());
  });
});

describe('refunds Stripe must not be asked for', () => {
  it('refuses a bank payment still on its way, then refunds it once it arrived', async () => {
    const pending = await paid('us_bank_account', 15_000);
    expect(pending.status).toBe('pending');
    const before = refundsAsked();
    const res = await refund(pending.id, { amountCents: 1_000 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(PENDING_BANK_PAYMENT);
    expect(refundsAsked()).toBe(before);
    await rig.fake.settleBankPayment(pending.providerPaymentIntentId!, 'succeeded');
    await rig.settled();
    const later = await refund(pending.id, { amountCents: 1_000 });
    expect(later.status).toBe(201);
    expect((await later.json()).refund).toMatchObject({ method: 'us_bank_account', amountCents: -1_000 });
  });

  it('refuses a disputed payment: the dispute is answered instead', async () => {
    const p = await paid('card', 12_000);
    await rig.fake.openDispute(p.providerPaymentIntentId!);
    await rig.settled();
    const before = refundsAsked();
    const res = await refund(p.id, { amountCents: 1_000 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(DISPUTED_PAYMENT);
    expect(refundsAsked()).toBe(before);
  });
});
