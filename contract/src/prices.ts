// The advertised prices: the public pricing banner, the pricing engine and the admin all read
// these, so a price change is one edit here.

export const PRICED_SURFACES = [
  'house_soft_wash',
  'roof_cleaning',
  'moss_removal',
  'concrete_cleaning',
] as const;
export type PricedSurface = (typeof PRICED_SURFACES)[number];

export interface PerSquareFootRange {
  surface: PricedSurface;
  label: string;
  /** Dollars per square foot. */
  low: number;
  high: number;
}

export const ADVERTISED_PRICES: readonly PerSquareFootRange[] = [
  { surface: 'house_soft_wash', label: 'House Soft Washing', low: 0.4, high: 0.65 },
  { surface: 'roof_cleaning', label: 'Roof Cleaning', low: 0.5, high: 0.8 },
  { surface: 'moss_removal', label: 'Moss Removal', low: 0.6, high: 0.9 },
  { surface: 'concrete_cleaning', label: 'Concrete Cleaning', low: 0.3, high: 0.5 },
];

/** No job is quoted below this, in dollars ("soft wash starts at $150 for small homes"). */
export const MINIMUM_JOB_PRICE = 150;
export const RATE_LABEL = 'California High-End Rate';
export const QUOTE_VALIDITY_DAYS = 30;
export const SERVICE_RADIUS_MILES = 30;
export const FOLLOW_UP_HOURS = 24;

export const priceFor = (surface: PricedSurface): PerSquareFootRange => {
  const range = ADVERTISED_PRICES.find((p) => p.surface === surface);
  if (!range) throw new Error(`No advertised price for ${surface}`);
  return range;
};
