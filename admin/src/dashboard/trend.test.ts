import { describe, expect, it } from 'vitest';
import { trendText } from './trend.ts';

describe('trendText', () => {
  it('says "No change" when the figures are equal, zero included', () => {
    expect(trendText(0, 0, 'from yesterday')).toBe('No change from yesterday');
    expect(trendText(12, 12, 'from last week')).toBe('No change from last week');
  });

  it('gives the difference in number while the earlier figure is under 10', () => {
    expect(trendText(3, 1, 'from yesterday')).toBe('+2 from yesterday');
    expect(trendText(4, 0, 'from yesterday')).toBe('+4 from yesterday');
    expect(trendText(0, 9, 'from last week')).toBe('-9 from last week');
  });

  it('gives a rounded percentage from 10 on', () => {
    // (11 - 10) / 10 = +10%.
    expect(trendText(11, 10, 'from yesterday')).toBe('+10% from yesterday');
    // (25 - 40) / 40 = -37.5% → -38%, and (55 - 40) / 40 = +37.5% → +38%: halves away from zero.
    expect(trendText(25, 40, 'from last week')).toBe('-38% from last week');
    expect(trendText(55, 40, 'from last week')).toBe('+38% from last week');
    // (0 - 12) / 12 = -100%.
    expect(trendText(0, 12, 'from last week')).toBe('-100% from last week');
    // (201 - 200) / 200 = +0.5% → rounds to +1%; (200 - 201) / 201 = -0.497% → "No change".
    expect(trendText(201, 200, 'from yesterday')).toBe('+1% from yesterday');
    expect(trendText(200, 201, 'from yesterday')).toBe('No change from yesterday');
  });
});
