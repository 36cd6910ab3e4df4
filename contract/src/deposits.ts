import { z } from 'zod';
import { depositRuleSchema, paymentSettingsSchema } from './payments.ts';

// Deposits (issue 35, item 3): what Settings → Payments reads, what the customer's quote page and
// staff's screens are told of a quote's deposit. Every amount is integer cents, every figure comes
// from the ledger (backend/src/payments/ledger.repository.ts), never from a stored total.

/** GET /api/settings/payments: the rule, and whether customers can pay online (Stripe configured). */
export const paymentSettingsAnswerSchema = paymentSettingsSchema.extend({ online: z.boolean() });
export type PaymentSettingsAnswer = z.infer<typeof paymentSettingsAnswerSchema>;

/** The most a quote's own deposit may be (the rule's own limit). */
export const MAX_DEPOSIT_CENTS = 10_000_000;
export const DEPOSIT_OVERRIDE_MESSAGES = {
  amount: 'Enter the deposit in whole cents, or choose no deposit',
  overTotal: 'The deposit cannot be more than the quote',
} as const;

/** A quote's deposit as the customer's page shows it (part of GET /api/public/quotes/:token). */
export const publicDepositSchema = z.object({
  /**
   * The rule this quote asks by (its own amount as a fixed rule, else Settings' rule), so the page
   * works out the deposit of the add-ons being ticked with `depositFor`, as the server will.
   */
  rule: depositRuleSchema,
  /** Fixed at acceptance (the rule then); before it, for the quote without add-ons. */
  askedCents: z.number().int(),
  /** Settled in the ledger (a bank payment counts once it arrived). */
  paidCents: z.number().int(),
  /** A bank payment on its way. */
  pendingCents: z.number().int(),
  /** What "Pay" would ask now: asked − paid − pending, never below 0; 0 before acceptance. */
  dueCents: z.number().int(),
  /** Stripe is configured: the page offers "Pay"; otherwise it says "Pay at the visit". */
  online: z.boolean(),
});
export type PublicDeposit = z.infer<typeof publicDepositSchema>;

/**
 * A quote's or job's deposit as staff see it (GET /api/quotes/:id/deposit, GET /api/jobs/:id/deposit):
 * "Deposit paid $80 · $240 left".
 */
export const depositStandingSchema = z.object({
  quoteId: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  /** The accepted total (the job's price once booked; the quote's price before acceptance). */
  totalCents: z.number().int(),
  askedCents: z.number().int(),
  paidCents: z.number().int(),
  pendingCents: z.number().int(),
  /** The total less everything settled toward this quote's job (the deposit included), tips apart. */
  leftCents: z.number().int(),
});
export type DepositStanding = z.infer<typeof depositStandingSchema>;
