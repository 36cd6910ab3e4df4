import { z } from 'zod';
import { requiredText } from './common.ts';
import { DEPOSIT_OVERRIDE_MESSAGES, MAX_DEPOSIT_CENTS } from './deposits.ts';
import { isCardFee, QUOTE_DRAFT_MESSAGES, QUOTE_MAX_ADD_ONS, QUOTE_MAX_LINES } from './quote-draft-texts.ts';

const MAX_LINE_CENTS = 10_000_000; // $100,000 per line or per sq ft
const MAX_AREA = 1_000_000;

// A quote staff write for any lead or customer (issue 33, item 2): lines (a service, its area in
// sq ft and a price per sq ft, or a flat price), add-ons the customer may tick, a valid-until
// date. Every amount is whole cents, and every sum is computed here, on both sides, from the
// lines: no request carries a total, and the server recomputes each one (quote-sending/).

const service = requiredText(QUOTE_DRAFT_MESSAGES.service, 120).refine(
  (s) => !isCardFee(s),
  QUOTE_DRAFT_MESSAGES.cardFee,
);
const cents = z
  .number(QUOTE_DRAFT_MESSAGES.price)
  .int(QUOTE_DRAFT_MESSAGES.price)
  .min(0, QUOTE_DRAFT_MESSAGES.price)
  .max(MAX_LINE_CENTS, QUOTE_DRAFT_MESSAGES.price);

/**
 * One line as staff write it: with an area, its amount is area × unit price (rounded to the
 * cent); without one, the unit price is the line's flat price. There is no amount field to send.
 */
export const quoteDraftLineSchema = z.strictObject({
  service,
  areaSqFt: z
    .number(QUOTE_DRAFT_MESSAGES.area)
    .int(QUOTE_DRAFT_MESSAGES.area)
    .min(1, QUOTE_DRAFT_MESSAGES.area)
    .max(MAX_AREA, QUOTE_DRAFT_MESSAGES.area)
    .nullable(),
  unitPriceCents: cents,
});
export type QuoteDraftLine = z.infer<typeof quoteDraftLineSchema>;

export const quoteDraftAddOnSchema = z.strictObject({ service, amountCents: cents });
export type QuoteDraftAddOn = z.infer<typeof quoteDraftAddOnSchema>;

/** "Send quote" from the quote editor (POST /api/leads/:id/quotes, /api/customers/:id/quotes). */
export const quoteDraftSchema = z.strictObject({
  lines: z.array(quoteDraftLineSchema).min(1, QUOTE_DRAFT_MESSAGES.lines).max(QUOTE_MAX_LINES),
  addOns: z.array(quoteDraftAddOnSchema).max(QUOTE_MAX_ADD_ONS).default([]),
  /** `YYYY-MM-DD`: the last day (in the business's time zone) it can be accepted. */
  validUntil: z.iso.date(QUOTE_DRAFT_MESSAGES.validUntil),
  /**
   * The deposit this quote asks instead of Settings' rule (issue 35): cents, 0 for "no deposit";
   * absent or null: the rule. Never more than the quote (the server checks it against the lines).
   */
  depositOverrideCents: z
    .number(DEPOSIT_OVERRIDE_MESSAGES.amount)
    .int(DEPOSIT_OVERRIDE_MESSAGES.amount)
    .min(0, DEPOSIT_OVERRIDE_MESSAGES.amount)
    .max(MAX_DEPOSIT_CENTS, DEPOSIT_OVERRIDE_MESSAGES.amount)
    .nullable()
    .optional(),
});
export type QuoteDraft = z.input<typeof quoteDraftSchema>;

/** "Accept quote" on the customer's page: their typed name, the tick, the add-ons they chose. */
export const acceptQuoteSchema = z.strictObject({
  fullName: requiredText(QUOTE_DRAFT_MESSAGES.fullName, 120).refine(
    (name) => name.trim().length >= 2,
    QUOTE_DRAFT_MESSAGES.fullName,
  ),
  agreed: z.literal(true, QUOTE_DRAFT_MESSAGES.agreed),
  addOnIds: z.array(z.number().int().positive()).max(QUOTE_MAX_ADD_ONS).default([]),
});
export type AcceptQuote = z.input<typeof acceptQuoteSchema>;
