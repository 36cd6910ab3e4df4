import { z } from 'zod';
import { queryInteger } from './common.ts';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, paymentSchema } from './payments.ts';

// The Payments screen (issue 35, items 5 and 6): the ledger's list and its filters, a refund staff
// ask for, and the disputes with their deadlines. Every amount is integer cents.

const calendarDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-05-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} must be a real date`);

/** `GET /api/payments`' filters; dates are the business's calendar days, both ends included. */
export const paymentListQuerySchema = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: 'Pick one of the kinds of ledger row' }).optional(),
  status: z.enum(PAYMENT_STATUSES, { error: 'Pick one of the payment statuses' }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Pick one of the payment methods' }).optional(),
  invoiceId: queryInteger('invoiceId').optional(),
  quoteId: queryInteger('quoteId').optional(),
  jobId: queryInteger('jobId').optional(),
  customerId: queryInteger('customerId').optional(),
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** The most one refund may give back (the largest job a quote may ask, with room for a tip). */
export const MAX_REFUND_CENTS = 10_100_000;

/**
 * `POST /api/payments/:id/refund`: the whole refund in `amountCents`, of which `tipCents` is the
 * tip's part (a tip is refundable on its own: `tipCents` equal to `amountCents`).
 */
export const refundRequestSchema = z
  .object({
    amountCents: z
      .number({ error: 'Enter the amount to refund' })
      .int('Enter the amount in whole cents')
      .min(1, 'Enter an amount above $0')
      .max(MAX_REFUND_CENTS, 'That is more than any payment can be'),
    tipCents: z
      .number({ error: 'Enter the tip’s part in cents' })
      .int('Enter the tip’s part in whole cents')
      .min(0, 'The tip’s part cannot be negative')
      .default(0),
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
  })
  .superRefine((r, ctx) => {
    if (r.tipCents > r.amountCents)
      ctx.addIssue({
        code: 'custom',
        path: ['tipCents'],
        message: 'The tip’s part cannot be more than the refund',
      });
  });
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** What is left to give back of one payment (the refund dialog's limits). */
export const refundableSchema = z.object({
  paymentId: z.number().int(),
  /** The whole payment less every refund not failed (pending ones included) and refunds under way. */
  amountCents: z.number().int(),
  /** Of which the tip's part. */
  tipCents: z.number().int(),
});
export type Refundable = z.infer<typeof refundableSchema>;

/** The header a client sends so a retried refund (a double click, a lost answer) gives back once. */
export const REFUND_KEY_HEADER = 'Idempotency-Key';

/** Answer of a refund: the ledger row it recorded (negative) and what is left refundable. */
export const refundAnswerSchema = z.object({
  refund: paymentSchema,
  refundable: refundableSchema,
  /** True when this answers a request already made (the same key, or the same refund a moment ago). */
  replayed: z.boolean(),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** Stripe's dispute statuses that still ask something of the business. */
export const OPEN_DISPUTE_STATUSES = [
  'warning_needs_response',
  'needs_response',
  'under_review',
  'warning_under_review',
] as const;

export const DISPUTE_STATUS_LABELS: Record<string, string> = {
  warning_needs_response: 'Inquiry: respond',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  charge_refunded: 'Refunded',
};

/** One dispute as `GET /api/disputes` lists it: open ones first, the nearest deadline first. */
export const disputeSchema = z.object({
  id: z.number().int(),
  providerDisputeId: z.string(),
  providerPaymentIntentId: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  status: z.string(),
  open: z.boolean(),
  evidenceDueBy: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  quoteId: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;
