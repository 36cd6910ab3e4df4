import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsOf,
  dollarsOf,
  formatCents,
  isCents,
  roundToCents,
  formatAdjustment,
  formatDollarRange,
  formatDollars,
  formatPerSquareFoot,
  formatSquareFeet,
} from './money.ts';

describe('money, as every screen writes it', () => {
  it('writes whole dollars without cents and other amounts with two', () => {
    expect(formatDollars(1155)).toBe('$1,155');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(425.5)).toBe('$425.50');
    expect(formatDollars(1234567.891)).toBe('$1,234,567.89');
    expect(formatDollars(-20)).toBe('-$20');
  });

  it('marks surcharges with "+" and leaves discounts with their "-"', () => {
    expect(formatAdjustment(116)).toBe('+$116');
    expect(formatAdjustment(-25)).toBe('-$25');
    expect(formatAdjustment(0)).toBe('$0');
  });

  it('writes a range, or one figure when its ends meet', () => {
    expect(formatDollarRange({ low: 1977, high: 3049 })).toBe('$1,977 - $3,049');
    expect(formatDollarRange({ low: 150, high: 150 })).toBe('$150');
  });

  it('writes advertised rates with cents and areas in square feet', () => {
    expect(formatPerSquareFoot(0.4)).toBe('$0.40');
    expect(formatPerSquareFoot(0.65)).toBe('$0.65');
    expect(formatSquareFeet(2250.4)).toBe('2,250 sq ft');
  });
});

describe('money written by hand, exactly as Intl writes it', () => {
  // money.ts writes dollars without Intl (its first use costs a phone's page a long task); these
  // hold it to Intl's en-US currency format, the one it replaces, over every kind of number.
  const intl = (fractionDigits: 0 | 2) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  const whole = intl(0);
  const withCents = intl(2);
  const asIntl = (amount: number) => (Number.isInteger(amount) ? whole : withCents).format(amount);

  it('agrees on the awkward cases: halves, rounding up to a new digit, tiny, huge and not numbers', () => {
    const awkward = [
      0,
      -0,
      1.005,
      0.405,
      0.005,
      0.0049,
      -0.001,
      -0.005,
      0.995,
      9.995,
      999.995,
      99999.999,
      1e-7,
      5e-7,
      0.1 + 0.2,
      19.995,
      1234567.891,
      -1234.5,
      1e15 + 0.5,
      2 ** 53,
      1e20,
      1e21,
      2 ** 60 + 2 ** 10,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    for (const amount of awkward) {
      expect(formatDollars(amount), String(amount)).toBe(asIntl(amount));
      expect(formatPerSquareFoot(amount), String(amount)).toBe(withCents.format(amount));
    }
  });

  it('agrees on generated amounts of cents, dollars and any double', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(asIntl(cents / 100));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (amount) => {
        expect(formatDollars(amount)).toBe(asIntl(amount));
        expect(formatPerSquareFoot(amount)).toBe(withCents.format(amount));
      }),
      { numRuns: 5000 },
    );
    // Amounts with a few decimals, where a half at the third place is common.
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(1, 10, 100, 1000, 10000), (n, d) => {
        expect(formatDollars(n / d)).toBe(asIntl(n / d));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('money in cents', () => {
  it('reads dollars to the cent as written, without floating-point drift', () => {
    expect(centsOf(19.995)).toBe(2000);
    expect(centsOf(0.07)).toBe(7);
    expect(centsOf(1155)).toBe(115500);
    expect(centsOf(425.5)).toBe(42550);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(() => centsOf(Number.NaN)).toThrow(RangeError);
    for (let cents = 0; cents < 100_000; cents += 7) expect(centsOf(dollarsOf(cents))).toBe(cents);
  });

  it('writes cents as dollars, and rounds an amount to the cent', () => {
    expect(formatCents(115500)).toBe('$1,155');
    expect(formatCents(42550)).toBe('$425.50');
    expect(roundToCents(10.005)).toBe(10.01);
    expect(isCents(42550)).toBe(true);
    expect(isCents(425.5)).toBe(false);
  });
});
