import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import {
  clientOf,
  signIn,
  startTestServer,
  type JsonResponse,
  type TestServer,
} from '../test/test-server.ts';
import { PENDING_BANK_PAYMENT, STRIPE_NOT_CONFIGURED_FOR_REFUNDS } from './refund.service.ts';

// Refunds given back by hand (cash, check) and every refusal that needs no Stripe: a real server,
// a real SQLite file, the ledger written by its one owner. The card path through the fake Stripe
// is in stripe-refunds.test.ts.

let server: TestServer;
let ledger: ReturnType<typeof ledgerRepository>;
let n = 0;
const pay = (entry: Partial<Parameters<typeof ledger.record>[0]> = {}) =>
  ledger.record({
    sourceKey: `manual:test-${++n}`,
    kind: 'payment',
    status: 'succeeded',
    method: 'cash',
    purpose: 'invoice',
    amountCents: 30_000,
    tipCents: 0,
    invoiceId: 40 + n,
    jobId: 70 + n,
    customerId: 9,
    occurredAt: `2026-05-0${(n % 9) + 1}T15:00:00.000Z`,
    ...entry,
  }).payment;

const refund = (id: number, body: unknown, key?: string): Promise<JsonResponse> =>
  fetch(`${server.url}/api/payments/${id}/refund`, {
    method: 'POST',
    headers: {
      Cookie: server.owner.cookie,
      'X-CSRF-Token': server.owner.csrfToken,
      'Content-Type': 'application/json',
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer();
  ledger = ledgerRepository(server.db);
});
afterAll(() => server.stop());

describe('a cash or check refund', () => {
  it('gives back part of a payment as a negative manual row linked to it, and says what is left', async () => {
    const p = pay({ method: 'check', amountCents: 32_500, tipCents: 2_500 });
    const res = await refund(p.id, { amountCents: 10_000, reason: 'One window skipped' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.replayed).toBe(false);
    expect(answer.refund).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      method: 'check',
      amountCents: -10_000,
      tipCents: 0,
      refundOf: p.id,
      invoiceId: p.invoiceId,
      jobId: p.jobId,
      reference: 'One window skipped',
    });
    expect(answer.refundable).toEqual({ paymentId: p.id, amountCents: 22_500, tipCents: 2_500 });
    expect(ledger.settledForInvoice(p.invoiceId!)).toEqual({
      amountCents: 22_500,
      tipCents: 2_500,
      pendingCents: 0,
    });
    const left = await (await server.get(`/api/payments/${p.id}/refundable`)).json();
    expect(left).toEqual({ paymentId: p.id, amountCents: 22_500, tipCents: 2_500 });
  });

  it('refunds the tip on its own, and never more of it than was tipped', async () => {
    const p = pay({ amountCents: 27_000, tipCents: 3_000 });
    const tooMuch = await refund(p.id, { amountCents: 3_500, tipCents: 3_500 });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).error.fields.tipCents).toBe('Only $30 of the tip is left to refund.');
    const res = await refund(p.id, { amountCents: 3_000, tipCents: 3_000 });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.refund).toMatchObject({ amountCents: -3_000, tipCents: -3_000 });
    expect(answer.refundable).toEqual({ paymentId: p.id, amountCents: 24_000, tipCents: 0 });
    expect(ledger.settledForInvoice(p.invoiceId!).tipCents).toBe(0);
  });

  it('refuses more than is left (422), counting every earlier refund of the payment', async () => {
    const p = pay({ amountCents: 20_000 });
    expect((await refund(p.id, { amountCents: 15_000 })).status).toBe(201);
    const over = await refund(p.id, { amountCents: 5_001 });
    expect(over.status).toBe(422);
    const body = await over.json();
    expect(body.error.code).toBe('refund_too_large');
    expect(body.error.message).toBe('Only $50 of this payment is left to refund.');
    expect(body.refundable).toEqual({ paymentId: p.id, amountCents: 5_000, tipCents: 0 });
    // A tip part asked of a payment without a tip is over too; the whole rest is still refundable.
    expect((await refund(p.id, { amountCents: 5_000, tipCents: 1 })).status).toBe(422);
    expect((await refund(p.id, { amountCents: 5_000 })).status).toBe(201);
    expect((await refund(p.id, { amountCents: 1 })).status).toBe(422);
    expect(ledger.settledForInvoice(p.invoiceId!).amountCents).toBe(0);
  });

  it('gives back once for a double click: the same key, or the same refund a moment later', async () => {
    const p = pay({ amountCents: 10_000 });
    const [a, b] = await Promise.all([
      refund(p.id, { amountCents: 4_000 }, 'dialog-key-0001'),
      refund(p.id, { amountCents: 4_000 }, 'dialog-key-0001'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second.refund.id).toBe(first.refund.id);
    // Without a key, the same refund by the same person a moment later is the same click.
    const c = await refund(p.id, { amountCents: 1_000 });
    const d = await refund(p.id, { amountCents: 1_000 });
    expect([c.status, d.status]).toEqual([201, 200]);
    expect((await d.json()).refund.id).toBe((await c.json()).refund.id);
    const refunds = ledger.ofInvoice(p.invoiceId!).filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => r.amountCents)).toEqual([-4_000, -1_000]);
    // A key used again for a different refund is refused, not silently answered with the first.
    expect((await refund(p.id, { amountCents: 2_000 }, 'dialog-key-0001')).status).toBe(409);
  });
});

describe('refusals', () => {
  it('refuses a bank payment that has not arrived yet', async () => {
    const p = pay({
      method: 'us_bank_account',
      status: 'pending',
      sourceKey: 'stripe:pi_pending_bank',
      providerPaymentIntentId: 'pi_pending_bank',
    });
    const res = await refund(p.id, { amountCents: 1_000 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(PENDING_BANK_PAYMENT);
    expect(server.count('refund_requests')).toBeGreaterThan(0);
    expect(ledger.ofPaymentIntent('pi_pending_bank')).toHaveLength(1);
  });

  it('says plainly that a card payment cannot be refunded here without Stripe (503), and records nothing', async () => {
    const p = pay({ method: 'card', sourceKey: 'stripe:pi_card_1', providerPaymentIntentId: 'pi_card_1' });
    const before = server.count('refund_requests');
    const res = await refund(p.id, { amountCents: 1_000 });
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toBe(STRIPE_NOT_CONFIGURED_FOR_REFUNDS);
    expect(server.count('refund_requests')).toBe(before);
    expect(ledger.ofPaymentIntent('pi_card_1')).toHaveLength(1);
  });

  it('refunds only payments: a refund row, a fee, a missing id are refused', async () => {
    const p = pay({ amountCents: 5_000 });
    const r = (await (await refund(p.id, { amountCents: 1_000 })).json()).refund;
    expect((await refund(r.id, { amountCents: 100 })).status).toBe(409);
    expect((await refund(999_999, { amountCents: 100 })).status).toBe(404);
  });

  it('lets only the owner refund (403 for staff), while staff still read the ledger', async () => {
    const p = pay({ amountCents: 5_000 });
    const staff = clientOf(
      server.url,
      await signIn(server.url, await server.addUser({ email: 'crew@example.com' })),
    );
    const res = await staff.send('POST', `/api/payments/${p.id}/refund`, { amountCents: 1_000 });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe('Only the owner can refund a customer.');
    expect((await staff.get('/api/payments')).status).toBe(200);
    expect((await staff.get(`/api/payments/${p.id}/refundable`)).status).toBe(200);
    expect(ledger.ofInvoice(p.invoiceId!)).toHaveLength(1);
  });
});
