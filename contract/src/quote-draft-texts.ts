// The plain constants and sums of a quote staff write (quote-draft.ts has its schemas), without
// zod: the public quote page imports these to add up the add-ons the customer ticks.

/** The most a quote may hold: enough for any house, small enough that a sum stays exact. */
export const QUOTE_MAX_LINES = 20;
export const QUOTE_MAX_ADD_ONS = 10;

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

/** A line's amount: area × price per sq ft, or the flat price. */
export const lineAmountCents = (line: { areaSqFt: number | null; unitPriceCents: number }) =>
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
