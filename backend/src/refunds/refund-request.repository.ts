import type { Refundable } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';

// The one writer of `refund_requests` (migration 0052): a refund staff asked for, written BEFORE
// Stripe is asked so that the idempotency key Stripe sees is derived from this row. It also reads
// what is left refundable of a payment: the ledger's refunds of it (pending ones included, failed
// ones not) and the requests still under way, so two clicks racing cannot both pass the check.

export type RefundRequestStatus = 'requested' | 'recorded' | 'failed';

export interface RefundRequestRow {
  id: number;
  payment_id: number;
  amount_cents: number;
  tip_cents: number;
  reason: string | null;
  client_key: string | null;
  status: RefundRequestStatus;
  provider_refund_id: string | null;
  ledger_id: number | null;
  problem: string | null;
  requested_by: number | null;
  created_at: string;
}

/** The payment a refund is of, as far as the refundable sum needs it. */
export interface RefundedPayment {
  id: number;
  amountCents: number;
  tipCents: number;
  providerPaymentIntentId: string | null;
}

/** Stripe's key for one request: ours, from our own row, so a retry can never make a second refund. */
export const refundIdempotencyKey = (requestId: number) => `washdesk-refund-${requestId}`;

/** How long an identical refund by the same person counts as the same click (no client key sent). */
export const SAME_CLICK_MS = 2 * 60_000;

export function refundRequestRepository(db: Db, clock: Clock = Date.now) {
  const nowIso = () => new Date(clock()).toISOString();
  const insert = db.prepare(`INSERT INTO refund_requests (payment_id, amount_cents, tip_cents, reason,
      client_key, requested_by, created_at, updated_at)
    VALUES (@paymentId, @amountCents, @tipCents, @reason, @clientKey, @requestedBy, @now, @now)`);
  const byId = db.prepare<[number], RefundRequestRow>('SELECT * FROM refund_requests WHERE id = ?');
  const byClientKey = db.prepare<[string], RefundRequestRow>(
    'SELECT * FROM refund_requests WHERE client_key = ?',
  );
  const sameClick = db.prepare<
    { paymentId: number; amountCents: number; tipCents: number; requestedBy: number | null; since: string },
    RefundRequestRow
  >(`SELECT * FROM refund_requests WHERE payment_id = @paymentId AND amount_cents = @amountCents
      AND tip_cents = @tipCents AND requested_by IS @requestedBy AND status <> 'failed'
      AND created_at >= @since ORDER BY id DESC LIMIT 1`);
  const recorded = db.prepare(`UPDATE refund_requests SET status = 'recorded', ledger_id = @ledgerId,
      provider_refund_id = COALESCE(provider_refund_id, @providerRefundId), updated_at = @now
    WHERE id = @id AND status = 'requested'`);
  const failed =
    db.prepare(`UPDATE refund_requests SET status = 'failed', problem = @problem, updated_at = @now
    WHERE id = @id AND status = 'requested'`);
  // Refunds of the payment in the ledger (signed negative there), whichever way they arrived:
  // linked to it, or sharing its payment intent before the link was made.
  const refundedInLedger = db.prepare<
    { paymentId: number; pi: string | null },
    { amount: number | null; tip: number | null }
  >(`SELECT -SUM(amount_cents) AS amount, -SUM(tip_cents) AS tip FROM payments
      WHERE kind = 'refund' AND status IN ('pending', 'succeeded')
        AND (refund_of = @paymentId OR (@pi IS NOT NULL AND provider_payment_intent_id = @pi))`);
  const requestedOf = db.prepare<[number], RefundRequestRow>(
    "SELECT * FROM refund_requests WHERE payment_id = ? AND status = 'requested' ORDER BY id",
  );
  const underWay = db.prepare<[number], { amount: number | null; tip: number | null }>(
    `SELECT SUM(amount_cents) AS amount, SUM(tip_cents) AS tip FROM refund_requests
      WHERE payment_id = ? AND status = 'requested'`,
  );

  const refundable = (p: RefundedPayment): Refundable & { nonTipCents: number } => {
    const ledger = refundedInLedger.get({ paymentId: p.id, pi: p.providerPaymentIntentId });
    const pending = underWay.get(p.id);
    const gone = (ledger?.amount ?? 0) + (pending?.amount ?? 0);
    const tipGone = (ledger?.tip ?? 0) + (pending?.tip ?? 0);
    const tipCents = Math.max(0, p.tipCents - tipGone);
    const nonTipCents = Math.max(0, p.amountCents - p.tipCents - (gone - tipGone));
    return { paymentId: p.id, amountCents: tipCents + nonTipCents, tipCents, nonTipCents };
  };

  return {
    get: (id: number) => byId.get(id),
    byClientKey: (key: string) => byClientKey.get(key),
    /** The same refund by the same person a moment ago: a double click sent without a key. */
    sameClick: (r: {
      paymentId: number;
      amountCents: number;
      tipCents: number;
      requestedBy: number | null;
    }) => sameClick.get({ ...r, since: new Date(clock() - SAME_CLICK_MS).toISOString() }),
    refundable,
    /** Requests of a payment whose outcome at Stripe is not known yet (the answer was lost). */
    requestedOf: (paymentId: number) => requestedOf.all(paymentId),
    /**
     * Writes the request if the payment still has that much left to give back (checked and written
     * in one synchronous transaction, so a concurrent click sees this one); otherwise says what is left.
     */
    open: db.transaction(
      (
        payment: RefundedPayment,
        r: {
          amountCents: number;
          tipCents: number;
          reason: string | null;
          clientKey: string | null;
          requestedBy: number | null;
        },
      ): { request: RefundRequestRow } | { left: Refundable & { nonTipCents: number } } => {
        const left = refundable(payment);
        if (r.tipCents > left.tipCents || r.amountCents - r.tipCents > left.nonTipCents) return { left };
        const id = Number(insert.run({ paymentId: payment.id, now: nowIso(), ...r }).lastInsertRowid);
        return { request: byId.get(id)! };
      },
    ),
    recorded: (id: number, ledgerId: number, providerRefundId: string | null) =>
      recorded.run({ id, ledgerId, providerRefundId, now: nowIso() }).changes > 0,
    failed: (id: number, problem: string) => failed.run({ id, problem, now: nowIso() }).changes > 0,
  };
}
export type RefundRequestRepository = ReturnType<typeof refundRequestRepository>;
