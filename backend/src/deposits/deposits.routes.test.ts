import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPOSIT_OVERRIDE_MESSAGES,
  DEPOSIT_TEXTS,
  depositStandingSchema,
  paymentSettingsAnswerSchema,
  PAY_AT_THE_VISIT,
} from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { PHONE_ENV } from '../test/phone-caller.ts';
import {
  acceptQuote,
  DEPOSIT_DRAFT,
  payDeposit,
  publicQuote,
  quoteForNewLead,
} from '../test/deposit-quotes.ts';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';

// Deposits (issue 35, item 3) over real HTTP on a real SQLite file, without Stripe configured:
// the rule in Settings, a quote's own deposit, the deposit fixed at acceptance, and what the
// customer's page and staff are told as the ledger fills. (Paying through Checkout, with the fake
// Stripe: deposits.checkout.test.ts.)

const now = Date.parse('2026-05-04T17:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: PHONE_ENV });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const setRule = (deposit: unknown) => server.send('PUT', '/api/settings/payments', { deposit });
const ledger = () => ledgerRepository(server.db);
let pi = 0;
const depositPayment = (
  quoteId: number,
  amountCents: number,
  status: 'pending' | 'succeeded' | 'failed',
  key = `pi_test_${++pi}`,
) =>
  ledger().record({
    sourceKey: `stripe:${key}`,
    kind: 'payment',
    status,
    method: status === 'succeeded' ? 'card' : 'us_bank_account',
    purpose: 'deposit',
    amountCents,
    quoteId,
    providerPaymentIntentId: key,
    occurredAt: new Date(now).toISOString(),
  });

describe('Settings → Payments', () => {
  it('asks no deposit until the owner sets one, and says online payment is off without Stripe', async () => {
    const res = await server.get('/api/settings/payments');
    expect(res.status).toBe(200);
    expect(paymentSettingsAnswerSchema.strict().parse(await res.json())).toEqual({
      deposit: { kind: 'none', percent: null, fixedCents: null, minimumCents: 0 },
      online: false,
    });
  });

  it('keeps a percentage with a minimum, and answers what it kept', async () => {
    const res = await setRule({ kind: 'percent', percent: 25, minimumCents: 5_000 });
    expect(res.status).toBe(200);
    const kept = {
      deposit: { kind: 'percent', percent: 25, fixedCents: null, minimumCents: 5_000 },
      online: false,
    };
    expect(await res.json()).toEqual(kept);
    expect(await (await server.get('/api/settings/payments')).json()).toEqual(kept);
    // The GET answer sent back as it is (online included) is accepted: online is not the client's.
    expect((await server.send('PUT', '/api/settings/payments', { ...kept, online: true })).status).toBe(200);
    expect((await (await server.get('/api/settings/payments')).json()).online).toBe(false);
  });

  it('keeps only the fields of the chosen kind', async () => {
    const res = await setRule({ kind: 'fixed', percent: 40, fixedCents: 8_000, minimumCents: 0 });
    expect((await res.json()).deposit).toEqual({
      kind: 'fixed',
      percent: null,
      fixedCents: 8_000,
      minimumCents: 0,
    });
    const none = await setRule({ kind: 'none', percent: 40, fixedCents: 8_000, minimumCents: 500 });
    expect((await none.json()).deposit).toEqual({
      kind: 'none',
      percent: null,
      fixedCents: null,
      minimumCents: 0,
    });
    await setRule({ kind: 'percent', percent: 25, minimumCents: 5_000 });
  });

  it('is not anyone’s to read or change without signing in', async () => {
    expect((await server.anonymous.get('/api/settings/payments')).status).toBe(401);
    expect(
      (await server.anonymous.send('PUT', '/api/settings/payments', { deposit: { kind: 'none' } })).status,
    ).toBe(401);
  });

  it.each([
    [{ kind: 'percent', percent: null }, 'deposit.percent', 'Enter a percentage between 1 and 100'],
    [{ kind: 'percent', percent: 0 }, 'deposit.percent', 'Enter a percentage between 1 and 100'],
    [{ kind: 'percent', percent: 101 }, 'deposit.percent', 'Enter a percentage between 1 and 100'],
    [{ kind: 'percent', percent: 12.5 }, 'deposit.percent', 'Enter a whole percentage'],
    [{ kind: 'percent', percent: '25' }, 'deposit.percent', 'Enter a percentage'],
    [{ kind: 'fixed' }, 'deposit.fixedCents', 'Enter an amount above $0'],
    [{ kind: 'fixed', fixedCents: -100 }, 'deposit.fixedCents', 'Enter an amount above $0'],
    [{ kind: 'fixed', fixedCents: 80.5 }, 'deposit.fixedCents', 'Enter an amount in cents'],
    [{ kind: 'none', minimumCents: -1 }, 'deposit.minimumCents', 'The minimum cannot be negative'],
    [{ kind: 'card-fee' }, 'deposit.kind', 'Choose no deposit, a percentage or a fixed amount'],
  ])('refuses %j with 422 and the field’s message, keeping the rule', async (deposit, field, message) => {
    const before = await (await server.get('/api/settings/payments')).json();
    const res = await setRule(deposit);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.fields[field]).toBe(message);
    expect(await (await server.get('/api/settings/payments')).json()).toEqual(before);
  });

  it('refuses a body without the rule', async () => {
    const res = await server.send('PUT', '/api/settings/payments', { kind: 'fixed', fixedCents: 100 });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).error.fields)).toEqual(['deposit']);
  });

  it('lets staff read the rule but only the owner change it', async () => {
    const staff = clientOf(
      server.url,
      await signIn(server.url, await server.addUser({ email: 'crew@example.com', role: 'staff' })),
    );
    expect((await staff.get('/api/settings/payments')).status).toBe(200);
    const res = await staff.send('PUT', '/api/settings/payments', {
      deposit: { kind: 'none', percent: null, fixedCents: null, minimumCents: 0 },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(
      'Only the owner can change the deposit customers pay up front.',
    );
    expect((await (await server.get('/api/settings/payments')).json()).deposit.kind).toBe('percent');
  });
});

describe('a quote’s deposit', () => {
  it('is shown on the page by the rule, fixed at acceptance on the accepted total, and kept when the rule changes', async () => {
    await setRule({ kind: 'percent', percent: 25, minimumCents: 5_000 });
    const { quote, token } = await quoteForNewLead(server);
    expect(quote).toMatchObject({ amountCents: 32_000, depositOverrideCents: null, depositCents: null });
    const page = await publicQuote(server, token);
    // $320 × 25 % = $80; not due before the customer accepts, and no online payment offered.
    expect(page.deposit).toEqual({
      rule: { kind: 'percent', percent: 25, fixedCents: null, minimumCents: 5_000 },
      askedCents: 8_000,
      paidCents: 0,
      pendingCents: 0,
      dueCents: 0,
      online: false,
    });

    // With the $60 add-on the accepted total is $380: 25 % is $95.
    const accepted = await acceptQuote(server, token, [1]);
    expect(accepted.deposit).toMatchObject({ askedCents: 9_500, dueCents: 9_500, paidCents: 0 });
    expect(
      server.db.prepare('SELECT deposit_cents FROM sent_quotes WHERE id = ?').pluck().get(quote.id),
    ).toBe(9_500);
    // The owner raises the deposit: the accepted quote keeps asking what it asked.
    await setRule({ kind: 'fixed', fixedCents: 20_000 });
    expect((await publicQuote(server, token)).deposit).toMatchObject({ askedCents: 9_500, dueCents: 9_500 });
    // Accepting again changes nothing.
    expect((await acceptQuote(server, token, [])).deposit.askedCents).toBe(9_500);
    // A new quote asks by the new rule.
    const next = await quoteForNewLead(server);
    expect((await publicQuote(server, next.token)).deposit.askedCents).toBe(20_000);
  });

  it('never asks more than the total, and the minimum lifts a small percentage', async () => {
    await setRule({ kind: 'percent', percent: 10, minimumCents: 5_000 });
    const small = await quoteForNewLead(server, {
      ...DEPOSIT_DRAFT,
      lines: [{ service: 'Fence rinse', areaSqFt: null, unitPriceCents: 4_000 }],
    });
    expect((await publicQuote(server, small.token)).deposit.askedCents).toBe(4_000);
    const mid = await quoteForNewLead(server);
    expect((await publicQuote(server, mid.token)).deposit.askedCents).toBe(5_000);
  });

  it('takes a quote’s own deposit, or none, instead of the rule', async () => {
    await setRule({ kind: 'percent', percent: 25, minimumCents: 0 });
    const own = await quoteForNewLead(server, { ...DEPOSIT_DRAFT, depositOverrideCents: 12_500 });
    expect(own.quote.depositOverrideCents).toBe(12_500);
    expect((await publicQuote(server, own.token)).deposit).toMatchObject({
      rule: { kind: 'fixed', fixedCents: 12_500, minimumCents: 0 },
      askedCents: 12_500,
    });
    expect((await acceptQuote(server, own.token, [1])).deposit).toMatchObject({ askedCents: 12_500 });

    const none = await quoteForNewLead(server, { ...DEPOSIT_DRAFT, depositOverrideCents: 0 });
    expect((await publicQuote(server, none.token)).deposit).toMatchObject({
      rule: { kind: 'none' },
      askedCents: 0,
    });
    const accepted = await acceptQuote(server, none.token, [1]);
    expect(accepted.deposit).toMatchObject({ askedCents: 0, dueCents: 0 });
    const pay = await payDeposit(server, none.token);
    expect(pay.status).toBe(409);
    expect((await pay.json()).error.message).toBe(DEPOSIT_TEXTS.nothingDue);
  });

  it.each([
    [32_001, DEPOSIT_OVERRIDE_MESSAGES.overTotal],
    [-1, DEPOSIT_OVERRIDE_MESSAGES.amount],
    [99.5, DEPOSIT_OVERRIDE_MESSAGES.amount],
    ['80', DEPOSIT_OVERRIDE_MESSAGES.amount],
  ])(
    'refuses a quote’s own deposit of %j with the field’s message',
    async (depositOverrideCents, message) => {
      const { lead } = await quoteForNewLead(server);
      const before = server.count('sent_quotes');
      const res = await server.send('POST', `/api/leads/${lead.id}/quotes`, {
        ...DEPOSIT_DRAFT,
        depositOverrideCents,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ depositOverrideCents: message });
      expect(server.count('sent_quotes')).toBe(before);
    },
  );
});

describe('paying the deposit', () => {
  it('is refused before acceptance, for an unknown link, and says "pay at the visit" without Stripe', async () => {
    await setRule({ kind: 'percent', percent: 25, minimumCents: 0 });
    const { token } = await quoteForNewLead(server);
    const early = await payDeposit(server, token);
    expect(early.status).toBe(422);
    expect((await early.json()).error.message).toBe(DEPOSIT_TEXTS.notAccepted);

    const unknown = await payDeposit(server, 'A'.repeat(43));
    expect(unknown.status).toBe(404);

    await acceptQuote(server, token);
    const offline = await payDeposit(server, token);
    expect(offline.status).toBe(503);
    const body = await offline.json();
    expect(body.error.message).toBe(DEPOSIT_TEXTS.notOnline);
    expect(body.error.message).toContain(PAY_AT_THE_VISIT);
    expect(server.count('checkout_sessions')).toBe(0);
  });

  it('follows the ledger: paid, a bank payment pending, a failed one due again; staff see what is left', async () => {
    await setRule({ kind: 'percent', percent: 25, minimumCents: 0 });
    const { quote, token } = await quoteForNewLead(server);
    await acceptQuote(server, token);
    const staffView = async () =>
      depositStandingSchema
        .strict()
        .parse(await (await server.get(`/api/quotes/${quote.id}/deposit`)).json());
    expect(await staffView()).toEqual({
      quoteId: quote.id,
      jobId: null,
      totalCents: 32_000,
      askedCents: 8_000,
      paidCents: 0,
      pendingCents: 0,
      leftCents: 32_000,
    });

    // A bank payment on its way: nothing due now, nothing paid yet.
    depositPayment(quote.id, 8_000, 'pending', 'pi_bank');
    expect((await publicQuote(server, token)).deposit).toMatchObject({
      paidCents: 0,
      pendingCents: 8_000,
      dueCents: 0,
    });
    expect((await payDeposit(server, token)).status).toBe(409);
    // It failed: the deposit is due again.
    depositPayment(quote.id, 8_000, 'failed', 'pi_bank');
    expect((await publicQuote(server, token)).deposit).toMatchObject({
      paidCents: 0,
      pendingCents: 0,
      dueCents: 8_000,
    });
    // Part paid by card, then the rest: paid.
    depositPayment(quote.id, 3_000, 'succeeded');
    expect((await publicQuote(server, token)).deposit).toMatchObject({ paidCents: 3_000, dueCents: 5_000 });
    depositPayment(quote.id, 5_000, 'succeeded');
    expect((await publicQuote(server, token)).deposit).toMatchObject({ paidCents: 8_000, dueCents: 0 });
    expect((await payDeposit(server, token)).status).toBe(409);
    expect(await staffView()).toMatchObject({ askedCents: 8_000, paidCents: 8_000, leftCents: 24_000 });

    // Booked: the job shows the same, "Deposit paid $80 · $240 left".
    const booked = await server.send('POST', `/api/quotes/${quote.id}/book`, {});
    const { job } = await booked.json();
    const ofJob = depositStandingSchema
      .strict()
      .parse(await (await server.get(`/api/jobs/${job.id}/deposit`)).json());
    expect(ofJob).toEqual({
      quoteId: quote.id,
      jobId: job.id,
      totalCents: 32_000,
      askedCents: 8_000,
      paidCents: 8_000,
      pendingCents: 0,
      leftCents: 24_000,
    });
    expect(DEPOSIT_TEXTS.staffPaid(ofJob.paidCents, ofJob.leftCents)).toBe('Deposit paid $80 · $240 left');
    expect((await server.get('/api/jobs/999999/deposit')).status).toBe(404);
    expect((await server.get('/api/quotes/999999/deposit')).status).toBe(404);
    expect((await server.anonymous.get(`/api/quotes/${quote.id}/deposit`)).status).toBe(401);
  });
});
