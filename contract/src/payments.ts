import { z } from 'zod';

// Getting paid (issue 35). Every amount is integer cents. There is deliberately no fee, surcharge
// or "convenience" field anywhere in these shapes: California (SB 478) forbids a price that leaves
// out a mandatory fee, so no screen, template or request can add one to what a customer pays.

/** How much a quote asks up front when it is accepted (Settings → Payments; a quote may override). */
export const DEPOSIT_KINDS = ['none', 'percent', 'fixed'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const depositRuleSchema = z
  .object({
    kind: z.enum(DEPOSIT_KINDS, { error: 'Choose no deposit, a percentage or a fixed amount' }),
    /** Whole percent of the accepted total, 1–100 (kind "percent"). */
    percent: z
      .number({ error: 'Enter a percentage' })
      .int('Enter a whole percentage')
      .min(1, 'Enter a percentage between 1 and 100')
      .max(100, 'Enter a percentage between 1 and 100')
      .nullable()
      .default(null),
    /** The amount asked (kind "fixed"). */
    fixedCents: z
      .number({ error: 'Enter an amount' })
      .int('Enter an amount in cents')
      .min(1, 'Enter an amount above $0')
      .max(10_000_000, 'Enter an amount up to $100,000')
      .nullable()
      .default(null),
    /** Never less than this (a percentage of a small job), never more than the total. */
    minimumCents: z
      .number({ error: 'Enter an amount' })
      .int('Enter an amount in cents')
      .min(0, 'The minimum cannot be negative')
      .max(10_000_000, 'Enter an amount up to $100,000')
      .default(0),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === 'percent' && rule.percent == null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter a percentage between 1 and 100' });
    if (rule.kind === 'fixed' && rule.fixedCents == null)
      ctx.addIssue({ code: 'custom', path: ['fixedCents'], message: 'Enter an amount above $0' });
  });
export type DepositRule = z.infer<typeof depositRuleSchema>;

export const paymentSettingsSchema = z.object({ deposit: depositRuleSchema });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  deposit: { kind: 'none', percent: null, fixedCents: null, minimumCents: 0 },
};

// The one deposit sum and the pay-at-the-visit words live free of zod (the public quote page
// imports them): deposit-texts.ts.
export { depositFor, PAY_AT_THE_VISIT } from './deposit-texts.ts';

/** The ledger's vocabulary (migration 0049). */
export const PAYMENT_KINDS = ['payment', 'refund', 'dispute', 'dispute_reversal', 'fee'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Card and US bank account arrive through Stripe; the other three are recorded by staff. */
export const PAYMENT_METHODS = ['card', 'us_bank_account', 'cash', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const STAFF_PAYMENT_METHODS = ['cash', 'check', 'other'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];
export const PAYMENT_PURPOSES = ['deposit', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  us_bank_account: 'Bank account',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** One row of the ledger, as `GET /api/payments` lists it. */
export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES).nullable(),
  /** Signed as it moves the business's money: payments in are positive, refunds and fees negative. */
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  quoteId: z.number().int().nullable(),
  invoiceId: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  providerSessionId: z.string().nullable(),
  providerPaymentIntentId: z.string().nullable(),
  providerChargeId: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  providerDisputeId: z.string().nullable(),
  refundOf: z.number().int().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  occurredAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** What the public pay routes answer: the hosted Checkout page to send the browser to. */
export const checkoutAnswerSchema = z.object({ url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** The most a customer may add as a tip on an invoice's pay page (tips.ts: no zod there). */
export { MAX_TIP_CENTS } from './tips.ts';
