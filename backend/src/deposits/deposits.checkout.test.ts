import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAnswerSchema, depositStandingSchema } from '@washdesk/contract';
import { PHONE_ENV } from '../test/phone-caller.ts';
import { acceptQuote, payDeposit, publicQuote, quoteForNewLead } from '../test/deposit-quotes.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { clientOf, signIn } from '../test/test-server.ts';

// "Pay the deposit" end to end: the real server on a real SQLite file, the real stripe SDK talking
// to the fake Stripe on 127.0.0.1, which delivers its signed events to the server's own webhook.
// What the customer's page and staff are told is only ever what the ledger then holds.

let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig({ env: PHONE_ENV });
  const res = await rig.server.send('PUT', '/api/settings/payments', {
    deposit: { kind: 'percent', percent: 25, minimumCents: 0 },
  });
  expect(res.status).toBe(200);
});
afterAll(() => rig.stop());
afterEach(() => expect(rig.server.errors).toEqual([]));

const sessionOfUrl = (url: string) => url.split('/').pop()!;
async function pay(token: string, body?: unknown) {
  const res = await payDeposit(rig.server, token, body);
  expect(res.status).toBe(200);
  return checkoutAnswerSchema.strict().parse(await res.json()).url;
}
/** An accepted $320 quote asking 25 %: $80. */
async function acceptedQuote() {
  const q = await quoteForNewLead(rig.server);
  await acceptQuote(rig.server, q.token);
  return q;
}
const intentOf = async (sessionId: string) =>
  (await rig.sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;

describe('paying a deposit through Stripe Checkout', () => {
  it('says online payment is on', async () => {
    expect((await (await rig.server.get('/api/settings/payments')).json()).online).toBe(true);
  });

  it('opens a session for the deposit made at the press, reused while open, and "paid" once the card payment reaches the ledger', async () => {
    const { quote, token } = await acceptedQuote();
    expect((await publicQuote(rig.server, token)).deposit).toMatchObject({
      askedCents: 8_000,
      dueCents: 8_000,
      online: true,
    });
    expect(rig.server.count('checkout_sessions')).toBe(0);

    const url = await pay(token);
    expect(url.startsWith(`${rig.fake.url}/checkout/`)).toBe(true);
    const session = await rig.sdk.checkout.sessions.retrieve(sessionOfUrl(url));
    expect(session.amount_total).toBe(8_000);
    expect(session.metadata).toMatchObject({ purpose: 'deposit', quote_id: String(quote.id) });
    expect(session.success_url).toBe(`${quote.link}?paid=1`);
    expect(session.cancel_url).toBe(quote.link);
    // Back, then Pay again (or a second tab): the same page, not a second payment.
    expect(await pay(token)).toBe(url);
    expect(rig.server.count('checkout_sessions')).toBe(1);

    await rig.fake.pay(session.id, 'card');
    await rig.settled();
    expect((await publicQuote(rig.server, token)).deposit).toMatchObject({
      askedCents: 8_000,
      paidCents: 8_000,
      pendingCents: 0,
      dueCents: 0,
    });
    const paidAgain = await payDeposit(rig.server, token);
    expect(paidAgain.status).toBe(409);
    expect(rig.server.count('checkout_sessions')).toBe(1);
    const standing = depositStandingSchema.parse(
      await (await rig.server.get(`/api/quotes/${quote.id}/deposit`)).json(),
    );
    expect(standing).toMatchObject({ askedCents: 8_000, paidCents: 8_000, leftCents: 24_000 });
  });

  it('keeps a bank payment "pending" until it succeeds, and asks again when it fails', async () => {
    const { token } = await acceptedQuote();
    const first = sessionOfUrl(await pay(token));
    await rig.fake.pay(first, 'us_bank_account');
    await rig.settled();
    expect((await publicQuote(rig.server, token)).deposit).toMatchObject({
      paidCents: 0,
      pendingCents: 8_000,
      dueCents: 0,
    });
    expect((await payDeposit(rig.server, token)).status).toBe(409);

    await rig.fake.settleBankPayment(await intentOf(first), 'failed');
    await rig.settled();
    expect((await publicQuote(rig.server, token)).deposit).toMatchObject({
      paidCents: 0,
      pendingCents: 0,
      dueCents: 8_000,
    });
    // Due again: a new session (the first one is complete), for the deposit again.
    const second = sessionOfUrl(await pay(token));
    expect(second).not.toBe(first);
    expect((await rig.sdk.checkout.sessions.retrieve(second)).amount_total).toBe(8_000);
    await rig.fake.pay(second, 'us_bank_account');
    await rig.settled();
    await rig.fake.settleBankPayment(await intentOf(second), 'succeeded');
    await rig.settled();
    expect((await publicQuote(rig.server, token)).deposit).toMatchObject({
      paidCents: 8_000,
      pendingCents: 0,
      dueCents: 0,
    });
  });
});

describe('what "Pay" can be made to charge (attacks)', () => {
  it('never takes an amount, a quote or a purpose from the request', async () => {
    const { quote, token } = await acceptedQuote();
    const url = await pay(token, { amountCents: 1, quoteId: 1, purpose: 'invoice', tipCents: 500 });
    const session = await rig.sdk.checkout.sessions.retrieve(sessionOfUrl(url));
    expect(session.amount_total).toBe(8_000);
    expect(session.metadata).toMatchObject({
      purpose: 'deposit',
      quote_id: String(quote.id),
      tip_cents: '0',
    });
    // A body of another type, or no JSON at all, is the same press.
    const raw = await fetch(`${rig.server.url}/api/public/quotes/${token}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'amountCents=1',
    });
    expect(checkoutAnswerSchema.parse(await raw.json()).url).toBe(url);
  });

  it('pays each quote only through its own token: another customer’s deposit is theirs alone', async () => {
    const mine = await acceptedQuote();
    const theirs = await quoteForNewLead(rig.server, {
      lines: [{ service: 'Roof soft wash', areaSqFt: null, unitPriceCents: 100_000 }],
      addOns: [],
      validUntil: '2027-12-31',
    });
    await acceptQuote(rig.server, theirs.token);
    const mineSession = await rig.sdk.checkout.sessions.retrieve(sessionOfUrl(await pay(mine.token)));
    const theirSession = await rig.sdk.checkout.sessions.retrieve(sessionOfUrl(await pay(theirs.token)));
    expect([mineSession.metadata?.quote_id, mineSession.amount_total]).toEqual([
      String(mine.quote.id),
      8_000,
    ]);
    expect([theirSession.metadata?.quote_id, theirSession.amount_total]).toEqual([
      String(theirs.quote.id),
      25_000,
    ]);
    // Their payment does not make mine paid.
    await rig.fake.pay(theirSession.id, 'card');
    await rig.settled();
    expect((await publicQuote(rig.server, mine.token)).deposit).toMatchObject({
      paidCents: 0,
      dueCents: 8_000,
    });
    expect((await publicQuote(rig.server, theirs.token)).deposit).toMatchObject({
      paidCents: 25_000,
      dueCents: 0,
    });
  });

  it.each([
    ['a token one character off', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
    ['a shorter token', (t: string) => t.slice(0, 42)],
    ['a quote id', () => '1'],
    ['a token with a dot', (t: string) => `${t.slice(0, -1)}.`],
  ])('answers 404 to %s, and makes no session', async (_name, spell) => {
    const { token } = await acceptedQuote();
    const before = rig.server.count('checkout_sessions');
    const res = await payDeposit(rig.server, spell(token));
    expect(res.status).toBe(404);
    expect(rig.server.count('checkout_sessions')).toBe(before);
  });

  it('refuses a signed-in staff member’s press (their preview is not the customer)', async () => {
    const { token } = await acceptedQuote();
    const before = rig.server.count('checkout_sessions');
    const staff = clientOf(
      rig.server.url,
      await signIn(rig.server.url, await rig.server.addUser({ email: 'crew@example.com', role: 'staff' })),
    );
    const res = await staff.send('POST', `/api/public/quotes/${token}/pay`);
    expect(res.status).toBe(403);
    expect(rig.server.count('checkout_sessions')).toBe(before);
  });
});
