// The one way money is written, on every screen and in every answer the server words: the admin,
// the public pages and the backend's quote texts all read these, so "$1,155" looks the same
// wherever a customer or staff member meets it.

// Written by hand, not by Intl.NumberFormat: a page's first NumberFormat loads the browser's
// locale data, 70–440 ms of a phone's main thread measured on the customer's page (issue 36:
// Lighthouse's Total Blocking Time), and the formats used to be built as this module loaded, on
// every page that shows money. This is Intl's en-US dollar format exactly: Intl rounds the
// shortest decimal that reads back as the number ("1.005" to "1.01", where toFixed says "1.00"),
// half away from zero, and keeps the sign of an amount that rounds to zero ("-$0.00").
// money.test.ts holds the two equal over generated amounts. Intl is built, once, only for
// what that does not cover (NaN, infinities, amounts of 10^21 dollars and more).
let byIntl: Intl.NumberFormat[] | undefined;

/** "$1,234.50" (places 2) or "$1,235" (places 0), as Intl's en-US dollar format writes it. */
function usd(amount: number, places: 0 | 2): string {
  const size = Math.abs(amount);
  if (!(size < 1e21)) {
    byIntl ??= [0, 2].map(
      (d) =>
        new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: d,
          maximumFractionDigits: d,
        }),
    );
    return byIntl[places / 2]!.format(amount);
  }
  // Below 10^-6 JavaScript writes an exponent; such an amount rounds to 0 at two places anyway.
  const [whole = '0', fraction = ''] = size < 1e-6 ? [] : String(size).split('.');
  let rounded = BigInt(whole + fraction.slice(0, places).padEnd(places, '0'));
  if ((fraction[places] ?? '') >= '5') rounded++;
  const digits = String(rounded).padStart(places + 1, '0');
  const cut = digits.length - places;
  // A comma every three digits of the dollars.
  const dollars = digits.slice(0, cut).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${dollars}${places ? `.${digits.slice(cut)}` : ''}`;
}

/** "$1,155" for whole dollars, "$425.50" with cents, "-$20" below zero. */
export const formatDollars = (amount: number) => usd(amount, Number.isInteger(amount) ? 0 : 2);

/** A quote's adjustment line: surcharges carry a "+" (spec section 3), discounts a "-". */
export const formatAdjustment = (amount: number) =>
  amount > 0 ? `+${formatDollars(amount)}` : formatDollars(amount);

/** "$1,977 - $3,049", or one figure when both ends are equal (the $150 floor). */
export const formatDollarRange = ({ low, high }: { low: number; high: number }) =>
  low === high ? formatDollars(low) : `${formatDollars(low)} - ${formatDollars(high)}`;

/** An advertised rate: always with cents, "$0.40". */
export const formatPerSquareFoot = (dollars: number) => usd(dollars, 2);

/** "2,250 sq ft". */
export const formatSquareFeet = (squareFeet: number) =>
  `${Math.round(squareFeet).toLocaleString('en-US')} sq ft`;

// Money is kept and added up in whole cents (issue 32, item 2): the database's amounts are
// INTEGER `*_cents` columns, and only the edges that speak dollars (the spec's `estimateAmount`,
// a form's "425.50", the words on a quote) convert, with these two functions and nothing else.

/** An amount of money: a whole number of cents, never a floating-point dollar. */
export type Cents = number & { readonly __money: 'cents' };

/** True for a whole number of cents that adds up exactly (a safe integer). */
export const isCents = (amount: unknown): amount is Cents => Number.isSafeInteger(amount);

/**
 * The cents of an amount in dollars, exact to the cent as it was written: 19.995 dollars is
 * 1999.4999999999998 cents in floating point, and 2000 here.
 */
export function centsOf(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  return Math.round(Number((dollars * 100).toFixed(6))) as Cents;
}

/** Dollars for the edges that speak them (the spec's amounts on the wire, the formatter). */
export const dollarsOf = (cents: number) => cents / 100;

/** An amount in dollars rounded to the cent (what a form or a price calculation keeps). */
export const roundToCents = (dollars: number) => dollarsOf(centsOf(dollars));

/** "$1,155", "$425.50": an amount kept in cents, written as every screen writes money. */
export const formatCents = (cents: number) => formatDollars(dollarsOf(cents));

/** An optional amount (the spec's `estimateAmount`) in cents, or null. */
export const centsOrNull = (dollars: number | null | undefined) =>
  dollars == null ? null : centsOf(dollars);
/** An optional amount kept in cents, in dollars for the wire, or null. */
export const dollarsOrNull = (cents: number | null | undefined) => (cents == null ? null : dollarsOf(cents));
