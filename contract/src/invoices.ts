import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import { formatCents } from './money.ts';
import {
  MAX_TIP_CENTS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STAFF_PAYMENT_METHODS,
} from './payments.ts';

// Invoices (issue 35, item 4): made once when a job is marked done, its lines copied from the job,
// the deposit already paid credited, due in 14 days. What is still owed is never stored: it is the
// total less what settled in the ledger (tips apart: a tip is never part of what is owed).

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
};

/** Invoice numbers start here (QuickBooks' "Invoice number"). */
export const FIRST_INVOICE_NUMBER = 1001;
/** Days from the invoice's date to its due date. */
export const INVOICE_DUE_DAYS = 14;
/** The smallest part payment a customer may make online or staff may record. */
export const MIN_PAYMENT_CENTS = 100;

export const INVOICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const invoicePagePath = (token: string) => `/invoice/${token}`;

/** The text that brings the invoice: "Lost Coast Soft Wash: your invoice #1001 for $240 is ready: <link>". */
export const invoiceText = (business: string, number: number, balanceCents: number, link: string) =>
  `${business}: your invoice #${number} for ${formatCents(balanceCents)} is ready: ${link}`;
export const invoiceReminderText = (business: string, number: number, balanceCents: number, link: string) =>
  `${business}: a reminder that invoice #${number} has ${formatCents(balanceCents)} still due: ${link}`;
export const receiptText = (
  business: string,
  number: number,
  paidCents: number,
  balanceCents: number,
  link: string,
) =>
  `${business}: thank you, we received ${formatCents(paidCents)} for invoice #${number}. ${
    balanceCents > 0 ? `${formatCents(balanceCents)} is still due` : 'It is paid in full'
  }: ${link}`;

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  service: z.string(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** What is owed, computed from the ledger every time it is read. */
export const invoiceMoneySchema = z.object({
  subtotalCents: z.number().int(),
  depositCreditedCents: z.number().int(),
  /** The subtotal less the deposit: what this invoice asks. */
  totalCents: z.number().int(),
  /** Settled toward the total (refunds taken off; tips apart). */
  paidCents: z.number().int(),
  tipCents: z.number().int(),
  /** Bank payments on their way (not yet paid). */
  pendingCents: z.number().int(),
  balanceCents: z.number().int(),
});

/** A row of the Invoices list. */
export const invoiceRowSchema = invoiceMoneySchema.extend({
  id: z.number().int(),
  number: z.number().int(),
  jobId: z.number().int(),
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedOn: z.string(),
  dueOn: z.string(),
  createdAt: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** A message about the invoice as the outbox holds it (sent, waiting, or why it did not go). */
export const invoiceMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'reminder', 'receipt']),
  channel: z.enum(['text', 'email']),
  recipient: z.string(),
  state: z.enum(['pending', 'sending', 'sent', 'failed', 'cancelled']),
  /** Why it failed or was cancelled, or why it waits. */
  problem: z.string().nullable(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
});
export type InvoiceMessage = z.infer<typeof invoiceMessageSchema>;

export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  occurredAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** `GET /api/invoices/:id`: the invoice as staff see it. */
export const invoiceSchema = invoiceRowSchema.extend({
  token: z.string(),
  link: z.string(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  address: z.string(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  messages: z.array(invoiceMessageSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** A settled payment as the customer's page lists it. */
export const receiptSchema = z.object({
  at: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  /** A refund shows as a negative receipt line. */
  refund: z.boolean(),
});

/** `GET /api/public/invoices/:token`: what the customer's page shows. */
export const publicInvoiceSchema = invoiceMoneySchema.extend({
  number: z.number().int(),
  businessName: z.string(),
  customerName: z.string(),
  address: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedOn: z.string(),
  dueOn: z.string(),
  lines: z.array(invoiceLineSchema.omit({ position: true })),
  receipts: z.array(receiptSchema),
  /** False without Stripe: the page says PAY_AT_THE_VISIT and offers no Pay button. */
  payOnline: z.boolean(),
  maxTipCents: z.number().int(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

const cents = (what: string) =>
  z.number({ error: `Enter the ${what} in cents` }).int(`Enter the ${what} in whole cents`);

/** `POST /api/public/invoices/:token/pay`: a part (default: the whole balance) and an optional tip. */
export const payInvoiceSchema = z.strictObject({
  // At least $1, or the rest when less is owed (the server knows the balance: invoicing.service.ts).
  amountCents: cents('amount').min(1, 'Pay at least $1').optional(),
  tipCents: cents('tip')
    .min(0, 'A tip cannot be negative')
    .max(MAX_TIP_CENTS, `A tip can be at most ${formatCents(MAX_TIP_CENTS)}`)
    .default(0),
});
export type PayInvoice = z.infer<typeof payInvoiceSchema>;

/** `POST /api/invoices/:id/payments`: cash, a check (with its number) or "other", recorded by staff. */
export const recordPaymentSchema = z
  .strictObject({
    method: z.enum(STAFF_PAYMENT_METHODS, { error: 'Choose cash, check or other' }),
    amountCents: cents('amount').min(1, 'Record at least $1'),
    reference: optionalText(100, { multiline: false }).optional(),
    note: optionalText(500).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.method === 'check' && !p.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Enter the check number' });
    if (p.method === 'other' && !p.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Say how it was paid' });
  });
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

export const voidInvoiceSchema = z.strictObject({
  reason: requiredText('Say why the invoice is void', 300),
});

/** Tip presets on the pay page and the tip each asks (tips.ts: no zod there). */
export { TIP_PRESETS, tipOf } from './tips.ts';

export const INVOICE_MESSAGES = {
  overBalance: (balanceCents: number) => `That is more than the ${formatCents(balanceCents)} still due`,
  notOpen: { paid: 'This invoice is already paid', void: 'This invoice is void' } as Record<
    Exclude<InvoiceStatus, 'open'>,
    string
  >,
  jobNotDone: 'Only a job that is done can be invoiced',
  alreadyInvoiced: 'This job already has its invoice',
  /** The Pay route's own refusals (the customer's page says them in its language: invoice/pay-refusals.ts). */
  payAtLeast: 'Pay at least $1',
  restOnItsWay: 'A bank payment for the rest of this invoice is on its way',
} as const;
