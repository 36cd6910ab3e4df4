import { z } from 'zod';
import { requiredText } from './common.ts';

// A quote staff write for any lead or customer (issue 33, item 2): lines (a service, its area in
// sq ft and a price per sq ft, or a flat price), add-ons the customer may tick, a valid-until
// date. Every amount is whole cents, and every sum is computed here, on both sides, from the
// lines: no request carries a total, and the server recomputes each one (quote-sending/).

/** The most a quote may hold: enough for any house, small enough that a sum stays exact. */
export const QUOTE_MAX_LINES = 20;
export const QUOTE_MAX_ADD_ONS = 10;
const MAX_LINE_CENTS = 10_000_000; // $100,000 per line or per sq ft
const MAX_AREA = 1_000_000;

export const QUOTE_DRAFT_MESSAGES = {
  service: 'Name the service',
  area: 'Enter the area in whole square feet',
  price: 'Enter a price in whole cents',
  lines: 'Add at least one line',
  validUntil: 'Pick the last day the quote can be accepted (today or later)',
  // A card fee is never charged (issue 32): no line or add-on may be one, whatever it is called.
  cardFee: 'A quote never carries a card fee or surcharge',
  fullName: 'Type your full name to accept',
  agreed: 'Tick the box to accept the quote',
} as const;

/** A card fee in any of its usual names: refused as a line or add-on (one rule, checked here). */
const CARD_FEE = /\b(card|credit|debit|processing|convenience|swipe)\b[^]*\bfee|surcharge/i;
export const isCardFee = (service: string) => CARD_FEE.test(service);

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
});
export type QuoteDraft = z.input<typeof quoteDraftSchema>;

/** A line's amount: area × price per sq ft, or the flat price. */
export const lineAmountCents = (line: Pick<QuoteDraftLine, 'areaSqFt' | 'unitPriceCents'>) =>
  line.areaSqFt === null ? line.unitPriceCents : Math.round(line.areaSqFt * line.unitPriceCents);

/** The total the customer pays: the quoted price plus each ticked add-on, once. */
export function quoteTotalCents(
  baseCents: number,
  addOns: readonly { id: number; amountCents: number }[],
  chosenIds: readonly number[],
) {
  const chosen = new Set(chosenIds);
  return addOns.reduce((sum, a) => (chosen.has(a.id) ? sum + a.amountCents : sum), baseCents);
}

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
