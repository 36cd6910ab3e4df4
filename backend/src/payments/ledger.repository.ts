import type { Payment, PaymentKind, PaymentMethod, PaymentPurpose, PaymentStatus } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `payments`, the ledger (issue 35). Every movement of money is one row, found
// again by its `source_key` (the provider object it mirrors, or a staff entry's own key), so the
// same event replayed three times, or events arriving in any order (a refund before the payment it
// refunds), converge to the same rows:
// - a row's status only moves forward (pending → succeeded → failed/canceled: a refund can fail
//   after it succeeded; a payment never does), whatever order its events arrive in;
// - a field once known is kept (COALESCE), and the earliest time seen wins;
// - rows of one payment intent share what any of them knows (our quote, invoice, job, customer),
//   and a refund or dispute points at its payment as soon as both exist.
// Balances are sums of settled rows (`status = 'succeeded'`), never a stored total.

export interface LedgerEntry {
  sourceKey: string;
  kind: PaymentKind;
  status: PaymentStatus;
  method: PaymentMethod;
  purpose?: PaymentPurpose | null;
  /** Signed as it moves the business's money: payments in positive, refunds, withdrawals, fees negative. */
  amountCents: number;
  tipCents?: number;
  quoteId?: number | null;
  invoiceId?: number | null;
  jobId?: number | null;
  customerId?: number | null;
  providerSessionId?: string | null;
  providerPaymentIntentId?: string | null;
  providerChargeId?: string | null;
  providerRefundId?: string | null;
  providerDisputeId?: string | null;
  reference?: string | null;
  note?: string | null;
  recordedBy?: number | null;
  occurredAt: string;
}

export interface Recorded {
  payment: Payment;
  /** The row did not exist before this call. */
  created: boolean;
  /** Its status is not what it was before this call (a new row counts as changed). */
  statusChanged: boolean;
}

interface Row {
  id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  method: PaymentMethod;
  purpose: PaymentPurpose | null;
  amount_cents: number;
  tip_cents: number;
  quote_id: number | null;
  invoice_id: number | null;
  job_id: number | null;
  customer_id: number | null;
  provider_session_id: string | null;
  provider_payment_intent_id: string | null;
  provider_charge_id: string | null;
  provider_refund_id: string | null;
  provider_dispute_id: string | null;
  refund_of: number | null;
  reference: string | null;
  note: string | null;
  occurred_at: string;
}

export const toPayment = (r: Row): Payment => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  method: r.method,
  purpose: r.purpose,
  amountCents: r.amount_cents,
  tipCents: r.tip_cents,
  quoteId: r.quote_id,
  invoiceId: r.invoice_id,
  jobId: r.job_id,
  customerId: r.customer_id,
  providerSessionId: r.provider_session_id,
  providerPaymentIntentId: r.provider_payment_intent_id,
  providerChargeId: r.provider_charge_id,
  providerRefundId: r.provider_refund_id,
  providerDisputeId: r.provider_dispute_id,
  refundOf: r.refund_of,
  reference: r.reference,
  note: r.note,
  occurredAt: r.occurred_at,
});

// The order a row's status may move in; a later event never moves it back.
const RANK_SQL = (col: string) => `CASE ${col} WHEN 'pending' THEN 0 WHEN 'succeeded' THEN 1 ELSE 2 END`;

/** Money that has settled: a paid row counts, a pending or failed one does not. */
export interface Settled {
  /** Everything that moved, tips included. */
  amountCents: number;
  tipCents: number;
  /** Payments still on their way (bank payments take days). */
  pendingCents: number;
}

export function ledgerRepository(db: Db) {
  const bySource = db.prepare<[string], Row>('SELECT * FROM payments WHERE source_key = ?');
  const byId = db.prepare<[number], Row>('SELECT * FROM payments WHERE id = ?');
  const upsert = db.prepare(`INSERT INTO payments (kind, status, method, purpose, amount_cents, tip_cents,
      quote_id, invoice_id, job_id, customer_id, source_key, provider_session_id,
      provider_payment_intent_id, provider_charge_id, provider_refund_id, provider_dispute_id,
      reference, note, recorded_by, occurred_at, created_at, updated_at)
    VALUES (@kind, @status, @method, @purpose, @amountCents, @tipCents, @quoteId, @invoiceId, @jobId,
      @customerId, @sourceKey, @providerSessionId, @providerPaymentIntentId, @providerChargeId,
      @providerRefundId, @providerDisputeId, @reference, @note, @recordedBy, @occurredAt, @now, @now)
    ON CONFLICT (source_key) DO UPDATE SET
      status = CASE WHEN ${RANK_SQL('excluded.status')} > ${RANK_SQL('payments.status')}
        THEN excluded.status ELSE payments.status END,
      purpose = COALESCE(payments.purpose, excluded.purpose),
      tip_cents = CASE WHEN payments.tip_cents = 0 THEN excluded.tip_cents ELSE payments.tip_cents END,
      quote_id = COALESCE(payments.quote_id, excluded.quote_id),
      invoice_id = COALESCE(payments.invoice_id, excluded.invoice_id),
      job_id = COALESCE(payments.job_id, excluded.job_id),
      customer_id = COALESCE(payments.customer_id, excluded.customer_id),
      provider_session_id = COALESCE(payments.provider_session_id, excluded.provider_session_id),
      provider_payment_intent_id = COALESCE(payments.provider_payment_intent_id, excluded.provider_payment_intent_id),
      provider_charge_id = COALESCE(payments.provider_charge_id, excluded.provider_charge_id),
      provider_refund_id = COALESCE(payments.provider_refund_id, excluded.provider_refund_id),
      provider_dispute_id = COALESCE(payments.provider_dispute_id, excluded.provider_dispute_id),
      reference = COALESCE(payments.reference, excluded.reference),
      note = COALESCE(payments.note, excluded.note),
      occurred_at = MIN(payments.occurred_at, excluded.occurred_at),
      updated_at = excluded.updated_at`);
  // Rows of one payment intent share what any of them knows, whichever arrived first.
  const shareIds = db.prepare(`UPDATE payments SET
      purpose = COALESCE(purpose, (SELECT purpose FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.purpose IS NOT NULL LIMIT 1)),
      quote_id = COALESCE(quote_id, (SELECT quote_id FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.quote_id IS NOT NULL LIMIT 1)),
      invoice_id = COALESCE(invoice_id, (SELECT invoice_id FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.invoice_id IS NOT NULL LIMIT 1)),
      job_id = COALESCE(job_id, (SELECT job_id FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.job_id IS NOT NULL LIMIT 1)),
      customer_id = COALESCE(customer_id, (SELECT customer_id FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.customer_id IS NOT NULL LIMIT 1)),
      refund_of = CASE WHEN kind = 'payment' THEN NULL ELSE COALESCE(refund_of,
        (SELECT id FROM payments p WHERE p.provider_payment_intent_id = @pi AND p.kind = 'payment' LIMIT 1)) END
    WHERE provider_payment_intent_id = @pi`);
  // What settled, per thing paid for. Tips are counted apart: they are not part of what is owed.
  const SETTLED_SUMS = `SUM(CASE WHEN status = 'succeeded' AND kind <> 'fee' THEN amount_cents END) AS amount,
              SUM(CASE WHEN status = 'succeeded' AND kind <> 'fee' THEN tip_cents END) AS tip,
              SUM(CASE WHEN status = 'pending' AND kind = 'payment' THEN amount_cents END) AS pending`;
  const settledOf = (column: 'invoice_id' | 'quote_id' | 'job_id' | 'customer_id') =>
    db.prepare<[number], { amount: number | null; tip: number | null; pending: number | null }>(
      `SELECT ${SETTLED_SUMS} FROM payments WHERE ${column} = ?`,
    );
  // A page of the invoices list (50 rows a request) asks once, not once per invoice.
  const settledOfInvoices = db.prepare<
    [string],
    { id: number; amount: number | null; tip: number | null; pending: number | null }
  >(
    `SELECT invoice_id AS id, ${SETTLED_SUMS} FROM payments
     WHERE invoice_id IN (SELECT value FROM json_each(?)) GROUP BY invoice_id`,
  );
  const settled = {
    invoice: settledOf('invoice_id'),
    quote: settledOf('quote_id'),
    job: settledOf('job_id'),
    customer: settledOf('customer_id'),
  };
  const depositOfQuote = db.prepare<[number], { amount: number | null; pending: number | null }>(
    `SELECT SUM(CASE WHEN status = 'succeeded' AND kind <> 'fee' THEN amount_cents - tip_cents END) AS amount,
            SUM(CASE WHEN status = 'pending' AND kind = 'payment' THEN amount_cents END) AS pending
     FROM payments WHERE quote_id = ? AND purpose = 'deposit'`,
  );
  const net = db.prepare<[], { amount: number | null }>(
    "SELECT SUM(amount_cents) AS amount FROM payments WHERE status = 'succeeded'",
  );
  const netByMethod = db.prepare<[string], { amount: number | null }>(
    "SELECT SUM(amount_cents) AS amount FROM payments WHERE status = 'succeeded' AND method = ?",
  );
  // Newest first, by key: the thousandth page costs what the first does.
  const page = db.prepare<{ beforeAt: string; beforeId: number; limit: number }, Row>(
    `SELECT * FROM payments WHERE (occurred_at, id) < (@beforeAt, @beforeId)
     ORDER BY occurred_at DESC, id DESC LIMIT @limit`,
  );
  const ofIntent = db.prepare<[string], Row>(
    'SELECT * FROM payments WHERE provider_payment_intent_id = ? ORDER BY id',
  );
  const ofInvoice = db.prepare<[number], Row>(
    'SELECT * FROM payments WHERE invoice_id = ? ORDER BY occurred_at, id',
  );
  const ofQuote = db.prepare<[number], Row>(
    'SELECT * FROM payments WHERE quote_id = ? ORDER BY occurred_at, id',
  );
  // Stripe payments that settled and whose fee is not recorded yet (the fee step's work list).
  const withoutFee = db.prepare<[number], Row>(
    `SELECT * FROM payments p WHERE kind = 'payment' AND status = 'succeeded'
       AND method IN ('card', 'us_bank_account') AND provider_payment_intent_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM payments f WHERE f.kind = 'fee'
         AND f.provider_payment_intent_id = p.provider_payment_intent_id)
     ORDER BY id LIMIT ?`,
  );

  // Everything settled toward one piece of work: its job's rows and its quote's deposit, each once
  // (a deposit paid after booking carries both ids). Tips are the crew's, not part of the price.
  const towardWork = db.prepare<{ job: number | null; quote: number | null }, { amount: number | null }>(
    `SELECT SUM(amount_cents - tip_cents) AS amount FROM payments
     WHERE status = 'succeeded' AND kind <> 'fee'
       AND ((@job IS NOT NULL AND job_id = @job) OR (@quote IS NOT NULL AND quote_id = @quote))`,
  );
  const linkRefund = db.prepare(`UPDATE payments SET refund_of = @paymentId
    WHERE id = @refundId AND kind = 'refund' AND refund_of IS NULL`);

  const toSettled = (
    r: { amount: number | null; tip?: number | null; pending: number | null } | undefined,
  ): Settled => ({
    amountCents: r?.amount ?? 0,
    tipCents: r?.tip ?? 0,
    pendingCents: r?.pending ?? 0,
  });

  const record = db.transaction((entry: LedgerEntry): Recorded => {
    const before = bySource.get(entry.sourceKey);
    upsert.run({
      kind: entry.kind,
      status: entry.status,
      method: entry.method,
      purpose: entry.purpose ?? null,
      amountCents: entry.amountCents,
      tipCents: entry.tipCents ?? 0,
      quoteId: entry.quoteId ?? null,
      invoiceId: entry.invoiceId ?? null,
      jobId: entry.jobId ?? null,
      customerId: entry.customerId ?? null,
      sourceKey: entry.sourceKey,
      providerSessionId: entry.providerSessionId ?? null,
      providerPaymentIntentId: entry.providerPaymentIntentId ?? null,
      providerChargeId: entry.providerChargeId ?? null,
      providerRefundId: entry.providerRefundId ?? null,
      providerDisputeId: entry.providerDisputeId ?? null,
      reference: entry.reference ?? null,
      note: entry.note ?? null,
      recordedBy: entry.recordedBy ?? null,
      occurredAt: entry.occurredAt,
      now: nowIso(),
    });
    const pi = entry.providerPaymentIntentId ?? before?.provider_payment_intent_id;
    if (pi) shareIds.run({ pi });
    const after = bySource.get(entry.sourceKey)!;
    return { payment: toPayment(after), created: !before, statusChanged: before?.status !== after.status };
  });

  return {
    /** Records or moves on one row; see the rules at the top of this file. */
    record,
    get: (id: number) => {
      const r = byId.get(id);
      return r ? toPayment(r) : undefined;
    },
    bySourceKey: (key: string) => {
      const r = bySource.get(key);
      return r ? toPayment(r) : undefined;
    },
    ofPaymentIntent: (pi: string) => ofIntent.all(pi).map(toPayment),
    ofInvoice: (invoiceId: number) => ofInvoice.all(invoiceId).map(toPayment),
    ofQuote: (quoteId: number) => ofQuote.all(quoteId).map(toPayment),
    /** What settled against an invoice (payments less refunds and withdrawals), tips apart. */
    settledForInvoice: (invoiceId: number) => toSettled(settled.invoice.get(invoiceId)),
    settledForJob: (jobId: number) => toSettled(settled.job.get(jobId)),
    settledForCustomer: (customerId: number) => toSettled(settled.customer.get(customerId)),
    /** A quote's deposit: what settled (tips apart) and what is still on its way. */
    depositOfQuote: (quoteId: number) => {
      const r = depositOfQuote.get(quoteId);
      return { paidCents: r?.amount ?? 0, pendingCents: r?.pending ?? 0 };
    },
    /** Everything that settled, fees and withdrawals included: what the provider's balance should hold. */
    netCents: () => net.get()?.amount ?? 0,
    netCentsByMethod: (method: PaymentMethod) => netByMethod.get(method)?.amount ?? 0,
    /** Newest first; pass the last row's `occurredAt` and `id` for the next page. */
    page: (limit: number, before?: { occurredAt: string; id: number }) =>
      page
        .all({
          beforeAt: before?.occurredAt ?? '\uffff',
          beforeId: before?.id ?? Number.MAX_SAFE_INTEGER,
          limit,
        })
        .map(toPayment),
    /** Settled Stripe payments without their fee row yet, oldest first (payments/stripe-fees.ts). */
    withoutFee: (limit: number) => withoutFee.all(limit).map(toPayment),
    /** What settled toward a job and its quote's deposit, tips apart: the job's price less this is left. */
    paidTowardWork: (work: { jobId: number | null; quoteId: number | null }) =>
      towardWork.get({ job: work.jobId, quote: work.quoteId })?.amount ?? 0,
    /**
     * Points a refund staff recorded by hand (cash, check: no payment intent to share) at the
     * payment it gives back; a link once made is kept.
     */
    linkRefund: (refundId: number, paymentId: number) => linkRefund.run({ refundId, paymentId }).changes > 0,
    /** settledForInvoice of each of these invoices, in one read. */
    settledForInvoices: (invoiceIds: number[]): Map<number, Settled> => {
      const found = new Map(settledOfInvoices.all(JSON.stringify(invoiceIds)).map((r) => [r.id, r]));
      return new Map(invoiceIds.map((id) => [id, toSettled(found.get(id))]));
    },
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
