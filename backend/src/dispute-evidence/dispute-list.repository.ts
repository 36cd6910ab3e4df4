import type { Dispute } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// Disputes as the Payments screen reads them (issue 35, item 5). Read-only: the one writer of
// `disputes` is disputes/dispute.repository.ts (the Stripe webhook's). Open ones come first, the
// nearest evidence deadline first (one without a deadline after those with one), then the newest.

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
  customer_name: string | null;
  opened_at: string;
  closed_at: string | null;
}

export const toDispute = (r: Row): Dispute => ({
  id: r.id,
  providerDisputeId: r.provider_dispute_id,
  providerPaymentIntentId: r.provider_payment_intent_id,
  amountCents: r.amount_cents,
  reason: r.reason,
  status: r.status,
  open: r.closed_at === null,
  evidenceDueBy: r.evidence_due_by,
  invoiceId: r.invoice_id,
  quoteId: r.quote_id,
  jobId: r.job_id,
  customerId: r.customer_id,
  customerName: r.customer_name,
  openedAt: r.opened_at,
  closedAt: r.closed_at,
});

const SELECT = `SELECT d.*, COALESCE(j.customer_name, i.customer_name, c.name) AS customer_name
  FROM disputes d
  LEFT JOIN jobs j ON j.id = d.job_id
  LEFT JOIN invoices i ON i.id = d.invoice_id
  LEFT JOIN customers c ON c.id = d.customer_id`;

export function disputeListRepository(db: Db) {
  const page = db.prepare<{ limit: number; offset: number }, Row>(`${SELECT}
    ORDER BY d.closed_at IS NOT NULL, d.evidence_due_by IS NULL, d.evidence_due_by, d.opened_at DESC, d.id DESC
    LIMIT @limit OFFSET @offset`);
  const total = db.prepare('SELECT COUNT(*) FROM disputes').pluck();
  const one = db.prepare<[number], Row>(`${SELECT} WHERE d.id = ?`);
  return {
    list: (limit: number, offset: number) => ({
      rows: page.all({ limit, offset }).map(toDispute),
      total: total.get() as number,
    }),
    get: (id: number) => {
      const r = one.get(id);
      return r ? { dispute: toDispute(r), chargeId: r.provider_charge_id } : undefined;
    },
  };
}
export type DisputeListRepository = ReturnType<typeof disputeListRepository>;
