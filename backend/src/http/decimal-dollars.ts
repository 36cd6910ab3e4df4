/**
 * Cents as the plain dollars a spreadsheet or QuickBooks reads: "1234.50", "-12.05", no sign of
 * currency, no thousands separator, always two decimals. Made from the integer, never through a
 * float (the screens' "$1,234.50" is the contract's formatCents).
 */
export function decimalDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
