import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  accountInvoicePayPath,
  formatCents,
  MAX_TIP_CENTS,
  PAY_AT_THE_VISIT,
  type CustomerAccount,
} from '@washdesk/contract';
import { jobRepository } from '../jobs/job.repository.ts';
import { signedInCookie } from '../test/account-sign-in.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// "Pay" with a tip from the customer's own page, over HTTP: the real server and SQLite file, the
// real stripe SDK against the fake Stripe on 127.0.0.1 (its signed events land on the server's
// own webhook), on one clock. Only the signed-in person's own invoices can be paid this way.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const now = { ms: MONDAY_9AM };
let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig({ clock: () => now.ms });
});
afterAll(() => rig.stop());
afterEach(() => expect(rig.server.errors).toEqual([]));

let hour = 9;
let phoneSuffix = 10;

/** A customer who asked for a wash on the site, a done job of theirs and its invoice's number. */
async function customerWithInvoice(server: TestServer, name: string, amountCents: number) {
  phoneSuffix += 1;
  const phone = `707-555-01${phoneSuffix}`;
  const asked = await server.anonymous.send('POST', '/api/service-requests', {
    firstName: name,
    lastName: 'Whitfield',
    email: `${name.toLowerCase()}@example.com`,
    phone,
    address: '512 Redwood Drive',
    city: 'Garberville',
    serviceType: 'house-washing',
    urgency: 'week',
    description: 'Green streaks on the north side',
  });
  expect(asked.status).toBe(201);
  const { id: customerId } = server.db
    .prepare('SELECT id FROM customers WHERE name = ? ORDER BY id DESC LIMIT 1')
    .get(`${name} Whitfield`) as { id: number };
  const job = jobRepository(server.db).create({
    customerId,
    customerName: `${name} Whitfield`,
    customerPhone: `+1${phone.replaceAll('-', '')}`,
    customerEmail: `${name.toLowerCase()}@example.com`,
    address: '512 Redwood Drive, Garberville',
    title: 'House wash',
    durationMinutes: 60,
    lineItems: [{ service: 'House wash', areaSqFt: null, unitPriceCents: null, amountCents }],
  });
  hour += 1;
  const time = `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
  expect(
    (await server.send('POST', `/api/schedule/jobs/${job.id}/visit`, { date: '2026-11-24', time, crewId: 1 }))
      .status,
  ).toBe(201);
  for (const status of ['on_the_way', 'in_progress', 'done'])
    expect((await server.send('POST', `/api/jobs/${job.id}/status`, { status })).status).toBe(200);
  const { number } = server.db.prepare('SELECT number FROM invoices WHERE job_id = ?').get(job.id) as {
    number: number;
  };
  return { customerId, invoiceNumber: number };
}

const signedIn = signedInCookie;
const payAs = (server: TestServer, cookie: string, invoiceNumber: number, body: unknown) =>
  fetch(`${server.url}${accountInvoicePayPath(invoiceNumber)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
const accountOf = async (server: TestServer, cookie: string) =>
  (await (
    await fetch(`${server.url}/api/public/account`, { headers: { Cookie: cookie } })
  ).json()) as CustomerAccount;
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe('paying from the account page', () => {
  it('pays the whole balance with a tip on Stripe’s page and comes back to the account', async () => {
    const dana = await customerWithInvoice(rig.server, 'Dana', 42_500);
    const cookie = await signedIn(rig.server, dana.customerId, now.ms);
    const before = await accountOf(rig.server, cookie);
    expect(before.payOnline).toBe(true);
    expect(before.invoices).toEqual([
      expect.objectContaining({ number: dana.invoiceNumber, balanceCents: 42_500, pendingCents: 0 }),
    ]);

    const asked = await payAs(rig.server, cookie, dana.invoiceNumber, { tipCents: 6_375 });
    expect(asked.status).toBe(200);
    const { url } = (await asked.json()) as { url: string };
    const sessionId = url.split('/').pop()!;
    // Stripe sends the customer back to their account, not to the invoice's page.
    const session = await rig.sdk.checkout.sessions.retrieve(sessionId);
    expect(session.success_url).toBe(`${rig.server.publicUrl.get()}/account?paid=${dana.invoiceNumber}`);
    expect(session.cancel_url).toBe(`${rig.server.publicUrl.get()}/account`);
    expect(session.amount_total).toBe(42_500 + 6_375);
    expect(session.metadata).toMatchObject({ tip_cents: '6375' });

    await rig.fake.pay(sessionId, 'card');
    await rig.settled();
    const after = await accountOf(rig.server, cookie);
    expect(after.invoices).toEqual([
      expect.objectContaining({ number: dana.invoiceNumber, balanceCents: 0, status: 'paid' }),
    ]);
    expect(after.payments).toEqual([
      expect.objectContaining({
        kind: 'payment',
        status: 'succeeded',
        amountCents: 42_500 + 6_375,
        tipCents: 6_375,
        invoiceNumber: dana.invoiceNumber,
      }),
    ]);
    // Paid: nothing more to pay.
    expect((await payAs(rig.server, cookie, dana.invoiceNumber, { tipCents: 0 })).status).toBe(409);
  });

  it('refuses a tip above the cap and a request from another site', async () => {
    const ann = await customerWithInvoice(rig.server, 'Ann', 10_000);
    const cookie = await signedIn(rig.server, ann.customerId, now.ms);
    const tooMuch = await payAs(rig.server, cookie, ann.invoiceNumber, { tipCents: MAX_TIP_CENTS + 1 });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      tipCents: `A tip can be at most ${formatCents(MAX_TIP_CENTS)}`,
    });
    const crossSite = await fetch(`${rig.server.url}${accountInvoicePayPath(ann.invoiceNumber)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Cookie: cookie },
      body: JSON.stringify({ tipCents: 0 }),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('someone else’s invoice', () => {
  it('cannot be paid through the account route, whoever is signed in, and nothing is started', async () => {
    const mine = await customerWithInvoice(rig.server, 'Mara', 20_000);
    const theirs = await customerWithInvoice(rig.server, 'Otto', 30_000);
    const cookie = await signedIn(rig.server, mine.customerId, now.ms);
    const sessionsBefore = rig.server.db.prepare('SELECT count(*) AS n FROM checkout_sessions').get();
    const refused = await payAs(rig.server, cookie, theirs.invoiceNumber, { tipCents: 1_000 });
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toBe(ACCOUNT_TEXTS.notYours);
    // A number that was never issued answers the same: the answer tells nothing of other invoices.
    const unknown = await payAs(rig.server, cookie, 999_999, { tipCents: 0 });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(ACCOUNT_TEXTS.notYours);
    expect((await payAs(rig.server, cookie, 0, {})).status).toBe(404);
    expect(rig.server.db.prepare('SELECT count(*) AS n FROM checkout_sessions').get()).toEqual(
      sessionsBefore,
    );
    // Signed out, nobody pays anything from here.
    const anonymous = await fetch(`${rig.server.url}${accountInvoicePayPath(mine.invoiceNumber)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    // Their own still works.
    expect((await payAs(rig.server, cookie, mine.invoiceNumber, {})).status).toBe(200);
  });
});

describe('without Stripe', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now.ms });
  });
  afterAll(() => server.stop());

  it('the page says to pay at the visit, and Pay is refused with the same words', async () => {
    const dana = await customerWithInvoice(server, 'Rosa', 15_000);
    const cookie = await signedIn(server, dana.customerId, now.ms);
    expect((await accountOf(server, cookie)).payOnline).toBe(false);
    const refused = await payAs(server, cookie, dana.invoiceNumber, { tipCents: 0 });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(PAY_AT_THE_VISIT);
    expect(server.errors).toEqual([]);
  });
});
