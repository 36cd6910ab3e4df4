// The one way money is written, on every screen and in every answer the server words: the admin,
// the public pages and the backend's quote texts all read these, so "$1,155" looks the same
// wherever a customer or staff member meets it.

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const WITH_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,155" for whole dollars, "$425.50" with cents, "-$20" below zero. */
export const formatDollars = (amount: number) =>
  (Number.isInteger(amount) ? WHOLE_DOLLARS : WITH_CENTS).format(amount);

/** A quote's adjustment line: surcharges carry a "+" (spec section 3), discounts a "-". */
export const formatAdjustment = (amount: number) =>
  amount > 0 ? `+${formatDollars(amount)}` : formatDollars(amount);

/** "$1,977 - $3,049", or one figure when both ends are equal (the $150 floor). */
export const formatDollarRange = ({ low, high }: { low: number; high: number }) =>
  low === high ? formatDollars(low) : `${formatDollars(low)} - ${formatDollars(high)}`;

/** An advertised rate: always with cents, "$0.40". */
export const formatPerSquareFoot = (dollars: number) => WITH_CENTS.format(dollars);

/** "2,250 sq ft". */
export const formatSquareFeet = (squareFeet: number) =>
  `${Math.round(squareFeet).toLocaleString('en-US')} sq ft`;
