import { MIN_SAMPLE_FOR_RATE } from '@washdesk/contract';

/**
 * A figure against the same stretch of time before it, as the dashboard says it: "+12% from
 * yesterday", "-3 from last week", "No change from yesterday". A percentage only when the earlier
 * figure has at least MIN_SAMPLE_FOR_RATE cases; from 1 to 2 is "+1", not a misleading "+100%".
 */
export function trendText(current: number, previous: number, against: string): string {
  if (current === previous) return `No change ${against}`;
  const difference = current - previous;
  if (previous < MIN_SAMPLE_FOR_RATE) return `${difference > 0 ? '+' : ''}${difference} ${against}`;
  // Halves round away from zero, so a fall and a rise of the same size read the same.
  const change = Math.sign(difference) * Math.round((Math.abs(difference) / previous) * 100);
  if (change === 0) return `No change ${against}`;
  return `${change > 0 ? '+' : ''}${change}% ${against}`;
}
