import { afterEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { stripeModeOf } from './stripe-client.ts';

// Only our own money moves the ledger: with a live key only live events count, with a test key
// only test events, and an event of a connected account (Stripe Connect) is someone else's.
// Such an event is genuine and signed, so it is answered 200 (Stripe stops retrying it), stored
// in the inbox as ignored with its reason, and applies nothing. The real SDK pays on the fake
// Stripe (test-mode or live-mode), and the server on a real SQLite file receives its events.

let rig: StripeRig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

/** A card payment and a partial refund on the fake; their events, kept back from the server. */
async function paymentEvents(r: StripeRig) {
  const session = await r.startCheckout({
    purpose: 'deposit',
    quoteId: 7,
    customerId: 3,
    amountCents: 12_500,
  });
  await r.fake.pay(session, 'card');
  const pi = (await r.sdk.checkout.sessions.retrieve(session)).payment_intent as string;
  await r.sdk.refunds.create({ payment_intent: pi, amount: 2_500 }, { idempotencyKey: 'scope-refund-1' });
  return r.fake.events();
}

const withFields = (event: Stripe.Event, fields: Record<string, unknown>) =>
  JSON.stringify({ ...event, ...fields, id: `${event.id}_${Object.keys(fields).join('_')}` }, null, 2);

const stored = (r: StripeRig) => ({
  payments: r.server.count('payments'),
  disputes: r.server.count('disputes'),
  sessions: r.server.db
    .prepare("SELECT count(*) FROM checkout_sessions WHERE status <> 'open'")
    .pluck()
    .get(),
  live: r.server.db
    .prepare("SELECT count(*) FROM events WHERE type IN ('payment.received', 'payment.updated')")
    .pluck()
    .get(),
});

const answerOf = (r: StripeRig, id: string) =>
  r.server.db
    .prepare(
      "SELECT answer_status AS status, answer_body AS body FROM webhook_events WHERE provider = 'stripe' AND event_id = ?",
    )
    .get(id) as { status: number | null; body: string | null } | undefined;

/** Posts each event as given; every answer must be 200, and says whether it was ignored. */
async function postAll(r: StripeRig, payloads: string[]) {
  const answers: { received: boolean; ignored?: string }[] = [];
  for (const payload of payloads) {
    const res = await r.post(payload);
    expect(res.status).toBe(200);
    answers.push((await res.json()) as { received: boolean; ignored?: string });
  }
  await r.server.settled();
  return answers;
}

describe("Stripe's webhook applies only our own mode's and account's events", () => {
  it("on a test key: live-mode events and connected accounts' events are stored as ignored, then the real ones apply", async () => {
    const r = (rig = await startStripeRig({ deliver: false }));
    expect(stripeModeOf(r.fake.secretKey)).toBe('test');
    const events = await paymentEvents(r);
    expect(events.every((e) => e.livemode === false)).toBe(true);
    const before = stored(r);

    const live = await postAll(
      r,
      events.map((e) => withFields(e, { livemode: true })),
    );
    const connected = await postAll(
      r,
      events.map((e) => withFields(e, { account: 'acct_1OtherBusiness' })),
    );
    expect(live.every((a) => a.ignored === 'a live-mode event, and this install uses a test key')).toBe(true);
    expect(
      connected.every((a) => a.ignored === 'an event of a connected account, not of this business'),
    ).toBe(true);
    // Nothing moved: no ledger row, no session settled, nothing told to staff.
    expect(stored(r)).toEqual(before);
    expect(r.ledger.netCents()).toBe(0);
    // Each is in the inbox, with why it was ignored; a replay of one is still 200 and still nothing.
    const first = events[0]!;
    expect(answerOf(r, `${first.id}_livemode`)).toEqual({
      status: 200,
      body: JSON.stringify({
        received: true,
        ignored: 'a live-mode event, and this install uses a test key',
      }),
    });
    expect(answerOf(r, `${first.id}_account`)?.body).toMatch(/connected account/);
    await postAll(r, [withFields(first, { livemode: true })]);
    expect(stored(r)).toEqual(before);

    // The same events as Stripe sent them (test mode, our account) apply.
    const ours = await postAll(
      r,
      events.map((e) => JSON.stringify(e)),
    );
    expect(ours.every((a) => a.ignored === undefined)).toBe(true);
    expect(r.ledger.depositOfQuote(7)).toEqual({ paidCents: 10_000, pendingCents: 0 });
    expect(r.ledger.netCents()).toBe(r.fake.balanceCents());
    expect(answerOf(r, first.id)).toEqual({ status: null, body: null });
    expect(r.server.errors).toEqual([]);
  });

  it('on a live key: test-mode events are ignored and live ones apply', async () => {
    const r = (rig = await startStripeRig({ deliver: false, live: true }));
    expect(r.fake.secretKey).toMatch(/^sk_live_/);
    const events = await paymentEvents(r);
    expect(events.every((e) => e.livemode === true)).toBe(true);
    const before = stored(r);

    const test = await postAll(
      r,
      events.map((e) => withFields(e, { livemode: false })),
    );
    expect(test.every((a) => a.ignored === 'a test-mode event, and this install uses a live key')).toBe(true);
    const connected = await postAll(
      r,
      events.map((e) => withFields(e, { account: 'acct_1OtherBusiness' })),
    );
    expect(connected.every((a) => a.ignored !== undefined)).toBe(true);
    expect(stored(r)).toEqual(before);

    await postAll(
      r,
      events.map((e) => JSON.stringify(e)),
    );
    expect(r.ledger.depositOfQuote(7)).toEqual({ paidCents: 10_000, pendingCents: 0 });
    expect(r.ledger.netCents()).toBe(r.fake.balanceCents());
    expect(r.server.errors).toEqual([]);
  });

  it('reads the mode from the key: secret and restricted, live and test', () => {
    expect(stripeModeOf('sk_live_51Habc')).toBe('live');
    expect(stripeModeOf('rk_live_51Habc')).toBe('live');
    expect(stripeModeOf('sk_test_51Habc')).toBe('test');
    expect(stripeModeOf('rk_test_51Habc')).toBe('test');
    expect(stripeModeOf('')).toBe('test');
  });
});
