/**
 * A figure against the one before it, as the dashboard says it: "+12% from yesterday",
 * "-3% this week", "No change from yesterday"; "+4 from yesterday" when there was nothing before
 * (a percentage of zero means nothing).
 */
export function trendText(current: number, previous: number, suffix: string): string {
  if (current === previous) return `No change ${suffix}`;
  if (previous === 0) return `+${current} ${suffix}`;
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return `No change ${suffix}`;
  return `${change > 0 ? '+' : ''}${change}% ${suffix}`;
}
