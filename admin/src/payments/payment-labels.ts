import {
  centsOf,
  dollarsOf,
  DISPUTE_STATUS_LABELS,
  formatCents,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type Payment,
  type PaymentKind,
} from '@washdesk/contract';
import { ApiError } from '../api/api-client.ts';
import { problemMessage } from '../api/problem-message.ts';

// The Payments screen's words for the ledger's values.

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  dispute: 'Dispute withdrawal',
  dispute_reversal: 'Dispute won back',
  fee: 'Stripe fee',
};

export const kindLabel = (p: Pick<Payment, 'kind' | 'purpose'>) =>
  p.kind === 'payment' && p.purpose === 'deposit' ? 'Deposit' : PAYMENT_KIND_LABELS[p.kind];
export const statusLabel = (p: Pick<Payment, 'status'>) => PAYMENT_STATUS_LABELS[p.status];
export const methodLabel = (p: Pick<Payment, 'method'>) => PAYMENT_METHOD_LABELS[p.method];
export const disputeStatusLabel = (status: string) => DISPUTE_STATUS_LABELS[status] ?? status;

/** "$425", "-$20.50": signed as the money moved. */
export const signedAmount = (cents: number) => formatCents(cents);

/** What a row was for: "Invoice #12 · Job #40". */
export const forWhat = (p: Pick<Payment, 'invoiceId' | 'quoteId' | 'jobId'>) =>
  [
    p.invoiceId != null && `Invoice #${p.invoiceId}`,
    p.quoteId != null && `Quote #${p.quoteId}`,
    p.jobId != null && `Job #${p.jobId}`,
  ]
    .filter(Boolean)
    .join(' · ') || '—';

export const timeLabel = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Dollars typed into a field ("12", "12.5", "1,200.00") in cents, or null when they are not an amount. */
export function centsTyped(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  return centsOf(Number(plain));
}

/** Dollars for a field's starting value: "425.00". */
export const dollarsText = (cents: number) => dollarsOf(cents).toFixed(2);

/**
 * A refund's failure in staff's words. Unlike other screens, Stripe's own answers (not set up, did
 * not answer, refused) are shown as the server wrote them: each tells the owner what to do next.
 */
export function refundProblem(error: unknown): string {
  if (error instanceof ApiError && error.body && [502, 503, 504].includes(error.status))
    return error.body.message;
  return problemMessage(error);
}
