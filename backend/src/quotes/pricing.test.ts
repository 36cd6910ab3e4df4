import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, PRICED_SURFACES, formatDollarRange } from '@washdesk/contract';
import { seededRandom } from '../demo/demo-people.ts';
import { priceQuote, type PricedArea } from './pricing.ts';

describe('pricing engine: hand-computed examples', () => {
  // Midpoint rates: house 0.525, roof 0.65, moss 0.75, concrete 0.40 dollars per square foot.
  it.each([
    ['house_soft_wash', 2000, 'House Soft Washing', 1050, 800, 1300],
    ['roof_cleaning', 1500, 'Roof Cleaning', 975, 750, 1200],
    ['moss_removal', 1000, 'Moss Removal', 750, 600, 900],
    ['concrete_cleaning', 800, 'Concrete Cleaning', 320, 240, 400],
  ] as const)('%s, %i sq ft, easy', (surfaceType, squareFootage, service, subtotal, low, high) => {
    const quote = priceQuote([{ surfaceType, squareFootage, difficulty: 'easy' }]);
    expect(quote.serviceBreakdown).toEqual([{ service, squareFootage, subtotal }]);
    expect(quote.adjustments).toEqual([]);
    expect(quote.totalAmount).toBe(subtotal);
    expect(quote.priceRange).toEqual({ low, high });
    expect(quote.rateLabel).toBe('California High-End Rate');
    expect(quote.validityPeriod).toBe('30 days');
  });

  it('adds difficulty surcharges as listed adjustments and sums services', () => {
    const quote = priceQuote([
      { surfaceType: 'house_soft_wash', squareFootage: 2000, difficulty: 'moderate' },
      { surfaceType: 'roof_cleaning', squareFootage: 1500, difficulty: 'difficult' },
      { surfaceType: 'house_soft_wash', squareFootage: 400, difficulty: 'easy' },
    ]);
    expect(quote.serviceBreakdown).toEqual([
      { service: 'House Soft Washing', squareFootage: 2400, subtotal: 1050 + 210 },
      { service: 'Roof Cleaning', squareFootage: 1500, subtotal: 975 },
    ]);
    expect(quote.adjustments).toEqual([
      { reason: 'Moderate access or conditions: House Soft Washing (+10%)', amount: 105 },
      { reason: 'Difficult access or conditions: Roof Cleaning (+25%)', amount: 244 },
    ]);
    expect(quote.totalAmount).toBe(1260 + 975 + 105 + 244);
    expect(quote.totalSquareFootage).toBe(3900);
    // low:  2000*0.40*1.1 + 1500*0.50*1.25 + 400*0.40 = 880 + 937.5 + 160 = 1977.5, floored
    // high: 2000*0.65*1.1 + 1500*0.80*1.25 + 400*0.65 = 1430 + 1500 + 260 = 3190
    expect(quote.priceRange).toEqual({ low: 1977, high: 3190 });
  });

  it('never quotes below the $150 minimum, and says so', () => {
    const quote = priceQuote([{ surfaceType: 'concrete_cleaning', squareFootage: 100, difficulty: 'easy' }]);
    expect(quote.serviceBreakdown[0]!.subtotal).toBe(40);
    expect(quote.adjustments).toEqual([{ reason: 'Minimum job price ($150)', amount: 110 }]);
    expect(quote.totalAmount).toBe(150);
    expect(quote.priceRange).toEqual({ low: 150, high: 150 });
    expect(formatDollarRange(quote.priceRange)).toBe('$150');
  });
});

describe('pricing engine: properties over 2,000 random jobs', () => {
  const r = seededRandom(42);
  const jobs: PricedArea[][] = Array.from({ length: 2000 }, () =>
    Array.from({ length: r.int(1, 5) }, () => ({
      surfaceType: r.pick(PRICED_SURFACES),
      squareFootage: r.next() < 0.2 ? r.int(20, 200) : r.int(20, 20_000) + r.next(),
      difficulty: r.pick(DIFFICULTIES),
    })),
  );

  it('low never exceeds high, total is breakdown plus adjustments, nothing under $150', () => {
    for (const job of jobs) {
      const q = priceQuote(job);
      expect(q.priceRange.low).toBeLessThanOrEqual(q.priceRange.high);
      const sum =
        q.serviceBreakdown.reduce((s, l) => s + l.subtotal, 0) +
        q.adjustments.reduce((s, a) => s + a.amount, 0);
      expect(q.totalAmount).toBe(sum);
      expect(q.totalAmount).toBeGreaterThanOrEqual(150);
      expect(q.priceRange.low).toBeGreaterThanOrEqual(150);
      expect(Number.isInteger(q.totalAmount)).toBe(true);
    }
  });

  it('more area never costs less', () => {
    for (const job of jobs.slice(0, 500)) {
      const bigger = job.map((a, i) => (i === 0 ? { ...a, squareFootage: a.squareFootage + 100 } : a));
      expect(priceQuote(bigger).totalAmount).toBeGreaterThanOrEqual(priceQuote(job).totalAmount);
    }
  });
});
