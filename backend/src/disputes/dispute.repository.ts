import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `disputes` (issue 35): what staff must do about a chargeback, its deadline and
// its outcome. The money a dispute withdrew or gave back is in the ledger; this row is the case.
// Stripe's events about one dispute may arrive in any order and more than once, so a row is found
// again by Stripe's id, a known field is kept, and a closed dispute never reopens.

export interface DisputeEntry {
  providerDisputeId: string;
  providerPaymentIntentId?: string | null;
  providerChargeId?: string | null;
  amountCents: number;
  reason?: string | null;
  /** Stripe's status: needs_response, under_review, won, lost, warning_needs_response, … */
  status: string;
  evidenceDueBy?: string | null;
  invoiceId?: number | null;
  quoteId?: number | null;
  jobId?: number | null;
  customerId?: number | null;
  openedAt: string;
  /** When the dispute closed (won, lost or an inquiry closed); null while open. */
  closedAt?: string | null;
}

export interface Dispute {
  id: number;
  providerDisputeId: string;
  providerPaymentIntentId: string | null;
  providerChargeId: string | null;
  amountCents: number;
  reason: string | null;
  status: string;
  evidenceDueBy: string | null;
  invoiceId: number | null;
  quoteId: number | null;
  jobId: number | null;
  customerId: number | null;
  openedAt: string;
  closedAt: string | null;
}

interface Row {
  id: number;
  provider_dispute_id: string;
  provider_payment_intent_id: string | null;
  provider_charge_id: string | null;
  amount_cents: number;
  reason: string | null;
  status: string;
  evidence_due_by: string | null;
  invoice_id: number | null;
  quote_id: number | null;
  job_id: number | null;
  customer_id: number | null;
  opened_at: string;
  closed_at: string | null;
}

const toDispute = (r: Row): Dispute => ({
  id: r.id,
  providerDisputeId: r.provider_dispute_id,
  providerPaymentIntentId: r.provider_payment_intent_id,
  providerChargeId: r.provider_charge_id,
  amountCents: r.amount_cents,
  reason: r.reason,
  status: r.status,
  evidenceDueBy: r.evidence_due_by,
  invoiceId: r.invoice_id,
  quoteId: r.quote_id,
  jobId: r.job_id,
  customerId: r.customer_id,
  openedAt: r.opened_at,
  closedAt: r.closed_at,
});

/** Which thing a payment was for: copied onto its disputes once the payment's row knows. */
export interface PaidFor {
  invoiceId: number | null;
  quoteId: number | null;
  jobId: number | null;
  customerId: number | null;
}

export function disputeRepository(db: Db) {
  const byProvider = db.prepare<[string], Row>('SELECT * FROM disputes WHERE provider_dispute_id = ?');
  const byId = db.prepare<[number], Row>('SELECT * FROM disputes WHERE id = ?');
  const upsert = db.prepare(`INSERT INTO disputes (provider_dispute_id, provider_payment_intent_id,
      provider_charge_id, amount_cents, reason, status, evidence_due_by, invoice_id, quote_id, job_id,
      customer_id, opened_at, closed_at, updated_at)
    VALUES (@providerDisputeId, @pi, @charge, @amountCents, @reason, @status, @evidenceDueBy,
      @invoiceId, @quoteId, @jobId, @customerId, @openedAt, @closedAt, @now)
    ON CONFLICT (provider_dispute_id) DO UPDATE SET
      provider_payment_intent_id = COALESCE(disputes.provider_payment_intent_id, excluded.provider_payment_intent_id),
      provider_charge_id = COALESCE(disputes.provider_charge_id, excluded.provider_charge_id),
      reason = COALESCE(disputes.reason, excluded.reason),
      -- A closed dispute keeps its outcome whatever older news arrives after it.
      status = CASE WHEN disputes.closed_at IS NOT NULL THEN disputes.status ELSE excluded.status END,
      evidence_due_by = COALESCE(disputes.evidence_due_by, excluded.evidence_due_by),
      invoice_id = COALESCE(disputes.invoice_id, excluded.invoice_id),
      quote_id = COALESCE(disputes.quote_id, excluded.quote_id),
      job_id = COALESCE(disputes.job_id, excluded.job_id),
      customer_id = COALESCE(disputes.customer_id, excluded.customer_id),
      opened_at = MIN(disputes.opened_at, excluded.opened_at),
      closed_at = COALESCE(disputes.closed_at, excluded.closed_at),
      updated_at = excluded.updated_at`);
  const link = db.prepare(`UPDATE disputes SET
      invoice_id = COALESCE(invoice_id, @invoiceId), quote_id = COALESCE(quote_id, @quoteId),
      job_id = COALESCE(job_id, @jobId), customer_id = COALESCE(customer_id, @customerId), updated_at = @now
    WHERE provider_payment_intent_id = @pi
      AND (invoice_id IS NULL OR quote_id IS NULL OR job_id IS NULL OR customer_id IS NULL)`);
  // Soonest deadline first: what staff must answer next.
  const open = db.prepare<[], Row>(
    'SELECT * FROM disputes WHERE closed_at IS NULL ORDER BY evidence_due_by IS NULL, evidence_due_by, id',
  );
  const page = db.prepare<{ beforeAt: string; beforeId: number; limit: number }, Row>(
    `SELECT * FROM disputes WHERE (opened_at, id) < (@beforeAt, @beforeId)
     ORDER BY opened_at DESC, id DESC LIMIT @limit`,
  );

  return {
    /** Records or moves on one dispute; `created` is true the first time it is seen. */
    record: db.transaction((entry: DisputeEntry): { dispute: Dispute; created: boolean } => {
      const before = byProvider.get(entry.providerDisputeId);
      upsert.run({
        providerDisputeId: entry.providerDisputeId,
        pi: entry.providerPaymentIntentId ?? null,
        charge: entry.providerChargeId ?? null,
        amountCents: entry.amountCents,
        reason: entry.reason ?? null,
        status: entry.status,
        evidenceDueBy: entry.evidenceDueBy ?? null,
        invoiceId: entry.invoiceId ?? null,
        quoteId: entry.quoteId ?? null,
        jobId: entry.jobId ?? null,
        customerId: entry.customerId ?? null,
        openedAt: entry.openedAt,
        closedAt: entry.closedAt ?? null,
        now: nowIso(),
      });
      return { dispute: toDispute(byProvider.get(entry.providerDisputeId)!), created: !before };
    }),
    /** A payment's row learned what it paid for (events came in another order): its disputes learn too. */
    linkPayment(paymentIntentId: string, paidFor: PaidFor) {
      link.run({ pi: paymentIntentId, ...paidFor, now: nowIso() });
    },
    /** Open disputes, the soonest evidence deadline first. */
    open: () => open.all().map(toDispute),
    get: (id: number) => {
      const r = byId.get(id);
      return r ? toDispute(r) : undefined;
    },
    byProviderId: (providerDisputeId: string) => {
      const r = byProvider.get(providerDisputeId);
      return r ? toDispute(r) : undefined;
    },
    /** Newest first; pass the last row's `openedAt` and `id` for the next page. */
    page: (limit: number, before?: { openedAt: string; id: number }) =>
      page
        .all({
          beforeAt: before?.openedAt ?? '\uffff',
          beforeId: before?.id ?? Number.MAX_SAFE_INTEGER,
          limit,
        })
        .map(toDispute),
  };
}
export type DisputeRepository = ReturnType<typeof disputeRepository>;
