const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "$1,234" or "$12.50". */
export const formatDollars = (amount: number) => dollars.format(amount);

/** Spec section 3: positive adjustments are shown with "+". */
export const formatAdjustment = (amount: number) =>
  amount > 0 ? `+${formatDollars(amount)}` : formatDollars(amount);

export const formatSquareFeet = (squareFeet: number) =>
  `${Math.round(squareFeet).toLocaleString('en-US')} sq ft`;
