import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIP_CENTS } from '@washdesk/contract';
import { moneyByWeekRepository } from '../reports/money-by-week.repository.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { addDays } from '../time.ts';

// Ninety days of a washing business's money through the real server, the real SDK and the fake
// Stripe on one moving clock: deposits at acceptance (through checkout.start, some paid on the
// hosted page), invoices paid in part and in whole with tips, bank payments that clear or bounce
// days later, refunds (of part of a job, of a tip alone, one the bank sends back), a dispute lost
// and one won, checkouts left to expire. At the end of every day the ledger's net equals the
// fake's balance to the cent, and the weekly money read from the rollups (migration 0065) equals
// the straight sums over the ledger.

const DAY = 24 * 3_600_000;
let now = Date.parse('2026-03-02T14:00:00.000Z');
const clock = () => now;
let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig({ clock });
});
afterAll(() => rig.stop());

/** A small seeded generator: the same 90 days every run. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    between: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

interface Paid {
  pi: string;
  amount: number;
  tip: number;
  refunded: number;
  method: 'card' | 'us_bank_account';
}

describe('ninety days of deposits, invoices, tips, refunds and disputes', () => {
  it('balance to 0 ¢ against Stripe at the end of every day', async () => {
    const { fake, sdk } = rig;
    const rand = seeded(35);
    const money = moneyByWeekRepository(rig.server.db, 'America/Los_Angeles');
    // Monday 2 March 2026 and the thirteen weeks after: the ninety days and their edges.
    const MONDAYS = Array.from({ length: 14 }, (_, i) => addDays('2026-03-02', 7 * i));
    let collected = 0;
    const settledPaid: Paid[] = [];
    const pendingBank: { pi: string; since: number; amount: number; tip: number }[] = [];
    const openSessions: string[] = [];
    let quoteId = 1000;
    let invoiceId = 5000;
    let refundKey = 0;
    const tally = {
      deposits: 0,
      invoices: 0,
      partial: 0,
      tips: 0,
      bankOk: 0,
      bankFailed: 0,
      refunds: 0,
      tipRefunds: 0,
      expired: 0,
      hosted: 0,
    };
    let disputes: { lost?: string; won?: string } = {};

    const piOf = async (sessionId: string) =>
      (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    const pay = async (sessionId: string, amount: number, tip: number) => {
      const method = rand.chance(0.3) ? 'us_bank_account' : 'card';
      if (rand.chance(0.2)) {
        // Pressed on the hosted page, as a customer's browser would.
        const res = await fetch(`${fake.url}/checkout/${sessionId}/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `method=${method}`,
          redirect: 'manual',
        });
        expect(res.status).toBe(303);
        tally.hosted++;
      } else await fake.pay(sessionId, method);
      const pi = await piOf(sessionId);
      if (method === 'card') settledPaid.push({ pi, amount, tip, refunded: 0, method });
      else pendingBank.push({ pi, since: now, amount, tip });
    };

    for (let day = 1; day <= 90; day++) {
      now += DAY;
      // Deposits at acceptance: a quarter of a $150–$400 job.
      for (let i = rand.between(0, 2); i > 0; i--) {
        const total = rand.between(150, 400) * 100;
        const deposit = Math.round(total / 4);
        const id = await rig.startCheckout({
          purpose: 'deposit',
          quoteId: ++quoteId,
          customerId: quoteId,
          amountCents: deposit,
        });
        // The back button and a second press: the same open session, not a second payment.
        expect(
          await rig.startCheckout({ purpose: 'deposit', quoteId, customerId: quoteId, amountCents: deposit }),
        ).toBe(id);
        tally.deposits++;
        if (rand.chance(0.1)) openSessions.push(id);
        else await pay(id, deposit, 0);
      }
      // Invoices: paid whole or in two parts, sometimes with a tip.
      for (let i = rand.between(0, 2); i > 0; i--) {
        const owed = rand.between(110, 300) * 100;
        const parts = rand.chance(0.3) ? [Math.round(owed / 2), owed - Math.round(owed / 2)] : [owed];
        invoiceId++;
        tally.invoices++;
        if (parts.length === 2) tally.partial++;
        for (const part of parts) {
          const tip = rand.chance(0.4) ? Math.min(rand.between(5, 60) * 100, MAX_TIP_CENTS) : 0;
          if (tip) tally.tips++;
          const id = await rig.startCheckout({
            purpose: 'invoice',
            invoiceId,
            jobId: invoiceId,
            amountCents: part + tip,
            tipCents: tip,
          });
          await pay(id, part + tip, tip);
        }
      }
      // Bank payments clear (or bounce) three to five days later.
      for (const bank of pendingBank.filter((b) => now - b.since >= rand.between(3, 5) * DAY)) {
        pendingBank.splice(pendingBank.indexOf(bank), 1);
        const ok = rand.chance(0.8);
        await fake.settleBankPayment(bank.pi, ok ? 'succeeded' : 'failed');
        if (ok) {
          settledPaid.push({ ...bank, refunded: 0, method: 'us_bank_account' });
          tally.bankOk++;
        } else tally.bankFailed++;
      }
      // Checkouts nobody paid expire.
      if (openSessions.length && rand.chance(0.3)) {
        await fake.expireSession(openSessions.shift()!);
        tally.expired++;
      }
      // Refunds, as the admin makes them: part of a job, or a tip alone, with our own keys.
      if (day % 6 === 0) {
        const candidates = settledPaid.filter((p) => p.amount - p.refunded > 1_000);
        const p = candidates[rand.between(0, candidates.length - 1)];
        if (p) {
          const tipOnly = p.tip > 0 && p.refunded === 0 && rand.chance(0.6);
          const amount = tipOnly ? p.tip : rand.between(10, Math.floor((p.amount - p.refunded) / 100)) * 100;
          const refund = await sdk.refunds.create(
            { payment_intent: p.pi, amount, metadata: { tip_cents: String(tipOnly ? p.tip : 0) } },
            { idempotencyKey: `washdesk-refund-${++refundKey}` },
          );
          p.refunded += amount;
          tally.refunds++;
          if (tipOnly) tally.tipRefunds++;
          // Once, the customer's bank sends a refund back.
          if (refundKey === 3) {
            await fake.failRefund(refund.id);
            p.refunded -= amount;
          }
        }
      }
      // A dispute lost in the first month, one won in the second.
      const card = settledPaid.find(
        (p) => p.method === 'card' && p.refunded === 0 && !Object.values(disputes).includes(p.pi),
      );
      if (day === 20 && card)
        disputes = { ...disputes, lost: await fake.openDispute(card.pi, { reason: 'product_not_received' }) };
      if (day === 35 && disputes.lost) await fake.closeDispute(disputes.lost, 'lost');
      if (day === 50 && card) disputes = { ...disputes, won: await fake.openDispute(card.pi) };
      if (day === 62 && disputes.won) await fake.closeDispute(disputes.won, 'won');

      await rig.settled();
      expect(rig.ledger.netCents(), `day ${day}`).toBe(fake.balanceCents());
      const weeks = money.weeks(MONDAYS);
      expect(weeks, `day ${day}`).toEqual(money.straightWeeks(MONDAYS));
      collected = weeks.reduce((sum, w) => sum + w.collectedCents + w.tipsCents, 0);
    }
    expect(collected).toBeGreaterThan(0);

    // It was the business it claims to be.
    expect(tally.deposits).toBeGreaterThan(40);
    expect(tally.invoices).toBeGreaterThan(40);
    for (const [what, n] of Object.entries(tally)) expect(n, what).toBeGreaterThan(0);
    expect(disputes.lost && disputes.won).toBeTruthy();
    const rows = rig.server.db
      .prepare('SELECT kind, status, COUNT(*) AS n FROM payments GROUP BY kind, status')
      .all();
    const n = (kind: string, status: string) =>
      (rows as { kind: string; status: string; n: number }[]).find(
        (r) => r.kind === kind && r.status === status,
      )?.n ?? 0;
    // Every settled Stripe payment has its fee, each bounced bank payment is failed, each refund one row.
    expect(n('fee', 'succeeded')).toBe(n('payment', 'succeeded'));
    expect(n('payment', 'failed')).toBe(tally.bankFailed);
    expect(n('refund', 'succeeded') + n('refund', 'failed')).toBe(tally.refunds);
    expect(n('dispute', 'succeeded')).toBe(2);
    expect(n('dispute_reversal', 'succeeded')).toBe(1);
    expect(n('payment', 'pending')).toBe(pendingBank.length);
    expect(rig.server.errors).toEqual([]);
    expect(rig.ledger.netCents()).toBeGreaterThan(0);
  }, 300_000);
});
