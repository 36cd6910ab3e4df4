import type { InvoiceStatus, Payment } from '@washdesk/contract';
import type { Settled } from '../payments/ledger.repository.ts';
import type { StoredInvoice } from './invoice.repository.ts';

// THE rule of what an invoice still owes and which status that makes (issue 35, item 4): the
// invoice's total less what settled against it in the ledger, tips apart (a tip is never part of
// what is owed). Every reader asks this: the admin, the customer's page, the pay and record
// routes' limits, the reminders' gate and the status written back to the invoice.

export type InvoiceFigures = Pick<StoredInvoice, 'status' | 'subtotalCents' | 'depositCreditedCents' | 'totalCents'>;

export interface InvoiceMoney {
  subtotalCents: number;
  depositCreditedCents: number;
  totalCents: number;
  paidCents: number;
  tipCents: number;
  pendingCents: number;
  balanceCents: number;
}

export function invoiceMoney(invoice: InvoiceFigures, settled: Settled): InvoiceMoney {
  const paid = settled.amountCents - settled.tipCents;
  return {
    subtotalCents: invoice.subtotalCents,
    depositCreditedCents: invoice.depositCreditedCents,
    totalCents: invoice.totalCents,
    paidCents: paid,
    tipCents: settled.tipCents,
    pendingCents: settled.pendingCents,
    balanceCents: Math.max(0, invoice.totalCents - paid),
  };
}

/** Paid once nothing is owed; open again if a refund or a dispute brings a balance back; void stays void. */
export function invoiceStatusOf(invoice: InvoiceFigures, settled: Settled): InvoiceStatus {
  if (invoice.status === 'void') return 'void';
  return invoiceMoney(invoice, settled).balanceCents === 0 ? 'paid' : 'open';
}

/**
 * What a customer may pay now: the balance less bank payments still on their way (they will
 * settle; paying them again would pay twice). Zero on a paid or void invoice.
 */
export function payableNow(invoice: InvoiceFigures, settled: Settled): number {
  if (invoiceStatusOf(invoice, settled) !== 'open') return 0;
  return Math.max(0, invoiceMoney(invoice, settled).balanceCents - settled.pendingCents);
}

/**
 * The business gave back everything that was paid on it (refunds at least equal to the payments
 * in): nobody chases such an invoice with reminders, whatever its balance now says.
 */
export function fullyRefunded(rows: Pick<Payment, 'kind' | 'status' | 'amountCents' | 'tipCents'>[]): boolean {
  const counted = rows.filter((r) => r.status === 'succeeded' || (r.kind === 'refund' && r.status === 'pending'));
  const paidIn = counted.filter((r) => r.kind === 'payment').reduce((s, r) => s + r.amountCents - r.tipCents, 0);
  const refunded = counted.filter((r) => r.kind === 'refund').reduce((s, r) => s - (r.amountCents - r.tipCents), 0);
  return paidIn > 0 && refunded >= paidIn;
}
