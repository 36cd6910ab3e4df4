import {
  roundToCents,
  MINIMUM_JOB_PRICE,
  QUOTE_VALIDITY_DAYS,
  RATE_LABEL,
  formatDollars,
  priceFor,
  type DetailedQuote,
  type Difficulty,
  type PricedSurface,
} from '@washdesk/contract';

// The only place prices are computed. Money is whole dollars: customers are quoted in dollars,
// and whole numbers keep "total = breakdown + adjustments" exact.

export interface PricedArea {
  surfaceType: PricedSurface;
  squareFootage: number;
  difficulty: Difficulty;
}

/** Surcharge on a surface's subtotal for harder work (height, steep pitch, heavy growth, access). */
export const DIFFICULTY_SURCHARGE: Record<Difficulty, number> = { easy: 0, moderate: 0.1, difficult: 0.25 };

const DIFFICULTY_WORDS: Record<Difficulty, string> = {
  easy: 'Easy',
  moderate: 'Moderate',
  difficult: 'Difficult',
};


export function priceQuote(areas: readonly PricedArea[]): DetailedQuote {
  if (areas.length === 0) throw new Error('A quote needs at least one surface');
  const breakdown = new Map<PricedSurface, { service: string; squareFootage: number; subtotal: number }>();
  const adjustments: DetailedQuote['adjustments'] = [];
  let low = 0;
  let high = 0;

  for (const area of areas) {
    const price = priceFor(area.surfaceType);
    const sqft = Math.max(0, Math.round(area.squareFootage));
    const subtotal = Math.round(sqft * ((price.low + price.high) / 2));
    const line = breakdown.get(area.surfaceType) ?? { service: price.label, squareFootage: 0, subtotal: 0 };
    line.squareFootage += sqft;
    line.subtotal += subtotal;
    breakdown.set(area.surfaceType, line);

    const surcharge = DIFFICULTY_SURCHARGE[area.difficulty];
    if (surcharge > 0) {
      adjustments.push({
        reason: `${DIFFICULTY_WORDS[area.difficulty]} access or conditions: ${price.label} (+${surcharge * 100}%)`,
        amount: Math.round(subtotal * surcharge),
      });
    }
    low += sqft * price.low * (1 + surcharge);
    high += sqft * price.high * (1 + surcharge);
  }

  const lines = [...breakdown.values()];
  const beforeMinimum =
    lines.reduce((sum, l) => sum + l.subtotal, 0) + adjustments.reduce((sum, a) => sum + a.amount, 0);
  if (beforeMinimum < MINIMUM_JOB_PRICE) {
    adjustments.push({
      reason: `Minimum job price (${formatDollars(MINIMUM_JOB_PRICE)})`,
      amount: MINIMUM_JOB_PRICE - beforeMinimum,
    });
  }
  const totalAmount = Math.max(beforeMinimum, MINIMUM_JOB_PRICE);
  return {
    totalSquareFootage: lines.reduce((sum, l) => sum + l.squareFootage, 0),
    totalAmount,
    serviceBreakdown: lines,
    adjustments,
    validityPeriod: `${QUOTE_VALIDITY_DAYS} days`,
    rateLabel: RATE_LABEL,
    priceRange: {
      // Rates like $0.65 × 1.1 are not exact in binary: 1716.0000000000002 must not round up to 1717.
      low: Math.max(MINIMUM_JOB_PRICE, Math.floor(roundToCents(low))),
      high: Math.max(MINIMUM_JOB_PRICE, Math.ceil(roundToCents(high))),
    },
  };
}

/** The services a quote priced, by the names the breakdown gives them, in the analysis's order. */
export const quotedServices = (analysis: { surfaces: readonly { surfaceType: PricedSurface }[] }) => [
  ...new Set(analysis.surfaces.map((s) => priceFor(s.surfaceType).label)),
];
