import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  accountQuoteDepositPath,
  PAY_AT_THE_VISIT,
  type CustomerAccount,
} from '@washdesk/contract';
import { acceptQuote, quoteForNewLead } from '../test/deposit-quotes.ts';
import { signedInCookie } from '../test/account-sign-in.ts';
import { PHONE_ENV } from '../test/phone-caller.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// "Pay the deposit" from the customer's own page, over HTTP: the real server and SQLite file, the
// real stripe SDK against the fake Stripe on 127.0.0.1 (its signed events land on the server's own
// webhook). Only the signed-in person's own quotes, through the deposits' own rule.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const now = { ms: MONDAY_9AM };
let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig({ clock: () => now.ms, env: PHONE_ENV });
  await askTwentyFivePercent(rig.server);
});
afterAll(() => rig.stop());
afterEach(() => expect(rig.server.errors).toEqual([]));

async function askTwentyFivePercent(server: TestServer) {
  const res = await server.send('PUT', '/api/settings/payments', {
    deposit: { kind: 'percent', percent: 25, minimumCents: 0 },
  });
  expect(res.status).toBe(200);
}

/** A missed caller's $320 quote (asking 25 %: $80), the customer record it is theirs on, signed in. */
async function customerWithQuote(server: TestServer, accepted = true) {
  const q = await quoteForNewLead(server);
  if (accepted) await acceptQuote(server, q.token);
  const { id: customerId } = server.db
    .prepare('SELECT id FROM customers WHERE phone = ? AND merged_into IS NULL')
    .get(q.lead.phone) as { id: number };
  return { ...q, customerId, cookie: await signedInCookie(server, customerId, now.ms) };
}

const payDeposit = (
  server: TestServer,
  cookie: string | null,
  quoteId: number,
  contentType = 'application/json',
) =>
  fetch(`${server.url}${accountQuoteDepositPath(quoteId)}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ amountCents: 1 }),
  });
const accountOf = async (server: TestServer, cookie: string) =>
  (await (
    await fetch(`${server.url}/api/public/account`, { headers: { Cookie: cookie } })
  ).json()) as CustomerAccount;
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const sessions = () => rig.server.count('checkout_sessions');

describe('paying a deposit from the account page', () => {
  it('opens Stripe’s page for the deposit owed, reuses it while open, and shows it paid from the ledger', async () => {
    const rosa = await customerWithQuote(rig.server);
    const before = await accountOf(rig.server, rosa.cookie);
    expect(before.quotes).toEqual([
      expect.objectContaining({
        id: rosa.quote.id,
        status: 'accepted',
        depositCents: 8_000,
        depositPaidCents: 0,
        depositPendingCents: 0,
      }),
    ]);

    const asked = await payDeposit(rig.server, rosa.cookie, rosa.quote.id);
    expect(asked.status).toBe(200);
    const { url } = (await asked.json()) as { url: string };
    const session = await rig.sdk.checkout.sessions.retrieve(url.split('/').pop()!);
    // What is charged is the deposit the quote fixed, never the body's amount.
    expect(session.amount_total).toBe(8_000);
    expect(session.metadata).toMatchObject({ purpose: 'deposit', quote_id: String(rosa.quote.id) });
    // Stripe sends the customer back to their account, not to the quote's page.
    expect(session.success_url).toBe(`${rig.server.publicUrl.get()}/account?paid=deposit-${rosa.quote.id}`);
    expect(session.cancel_url).toBe(`${rig.server.publicUrl.get()}/account`);
    // Back, then Pay again: the same open session (the quote page's own reuse), not a second one.
    const again = await payDeposit(rig.server, rosa.cookie, rosa.quote.id);
    expect(((await again.json()) as { url: string }).url).toBe(url);

    await rig.fake.pay(session.id, 'card');
    await rig.settled();
    const after = await accountOf(rig.server, rosa.cookie);
    expect(after.quotes).toEqual([
      expect.objectContaining({ id: rosa.quote.id, depositCents: 8_000, depositPaidCents: 8_000 }),
    ]);
    expect(after.payments).toEqual([
      expect.objectContaining({
        kind: 'payment',
        status: 'succeeded',
        amountCents: 8_000,
        purpose: 'deposit',
      }),
    ]);
    // Paid: nothing more is due (the deposits' own answer).
    expect((await payDeposit(rig.server, rosa.cookie, rosa.quote.id)).status).toBe(409);
  });

  it('asks to accept first, and refuses a request from another site', async () => {
    const open = await customerWithQuote(rig.server, false);
    const notYet = await payDeposit(rig.server, open.cookie, open.quote.id);
    expect(notYet.status).toBe(422);
    const crossSite = await payDeposit(rig.server, open.cookie, open.quote.id, 'text/plain');
    expect(crossSite.status).toBe(403);
  });
});

describe('someone else’s quote', () => {
  it('cannot have its deposit paid through the account route, and nothing is started', async () => {
    const mine = await customerWithQuote(rig.server);
    const theirs = await customerWithQuote(rig.server);
    const before = sessions();
    const refused = await payDeposit(rig.server, mine.cookie, theirs.quote.id);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toBe(ACCOUNT_TEXTS.notYours);
    // An id never issued answers the same: the answer tells nothing of other quotes.
    const unknown = await payDeposit(rig.server, mine.cookie, 999_999);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(ACCOUNT_TEXTS.notYours);
    expect((await payDeposit(rig.server, mine.cookie, 0)).status).toBe(404);
    // Signed out, nobody pays anything from here.
    expect((await payDeposit(rig.server, null, mine.quote.id)).status).toBe(401);
    expect(sessions()).toBe(before);
    // Their own still works.
    expect((await payDeposit(rig.server, mine.cookie, mine.quote.id)).status).toBe(200);
    expect(sessions()).toBe(before + 1);
  });
});

describe('without Stripe', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now.ms, env: PHONE_ENV });
    await askTwentyFivePercent(server);
  });
  afterAll(() => server.stop());

  it('the page offers no Pay, and the route answers 409 with "pay at the visit"', async () => {
    const rosa = await customerWithQuote(server);
    const account = await accountOf(server, rosa.cookie);
    expect(account.payOnline).toBe(false);
    expect(account.quotes[0]).toMatchObject({ depositCents: 8_000, depositPaidCents: 0 });
    const refused = await payDeposit(server, rosa.cookie, rosa.quote.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(PAY_AT_THE_VISIT);
    expect(server.count('checkout_sessions')).toBe(0);
    expect(server.errors).toEqual([]);
  });
});
