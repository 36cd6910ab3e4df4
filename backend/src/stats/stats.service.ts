import type { Clock } from '../time.ts';
import { MIN_SAMPLE_FOR_RATE, type QuotePerformance, type Stats } from '@washdesk/contract';
import type { QuotePerformanceRepository } from './quote-performance.repository.ts';
import type { StatsRepository } from './stats.repository.ts';

/** A rate only over enough cases to mean something; otherwise null, which screens show as "—". */
export const rateOf = (part: number, whole: number) =>
  whole >= MIN_SAMPLE_FOR_RATE ? Math.round((part / whole) * 100) : null;

/** The dashboard's figures; the clock is injected so a test can stand at any moment of the week. */
export function statsService(
  stats: StatsRepository,
  performance: QuotePerformanceRepository,
  clock: Clock = Date.now,
) {
  return {
    dashboard: (): Stats => stats.compute(new Date(clock())),
    quotePerformance(): QuotePerformance {
      const c = performance.counts();
      return {
        ...c,
        accuracyPercent: rateOf(c.quotedWithinRange, c.quotedWithAnalysis),
        conversionPercent: rateOf(c.quotedSubmissions, c.totalSubmissions),
      };
    },
  };
}
export type StatsService = ReturnType<typeof statsService>;
