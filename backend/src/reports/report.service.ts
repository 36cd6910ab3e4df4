import type { WeeklyReportWeek } from '@washdesk/contract';
import type { Clock } from '../time.ts';
import { localDate } from '../time.ts';
import type { MoneyByWeekRepository } from './money-by-week.repository.ts';
import type { ReportRepository } from './report.repository.ts';

/** The weekly summary staff read and download, counts and money; the clock is injected for tests. */
export function reportService(
  reports: ReportRepository,
  money: MoneyByWeekRepository,
  timeZone: string,
  clock: Clock = Date.now,
) {
  /** The counts, and the money when the reader may see the business's takings (`seeMoney`). */
  const weekly = (weeks: number, withMoney: boolean): WeeklyReportWeek[] => {
    const counts = reports.weekly(weeks, new Date(clock()));
    const sums = withMoney ? money.weeks(counts.map((w) => w.weekStart)) : null;
    return counts.map((w, i) => {
      if (!sums) return { ...w, money: null };
      const { weekStart: _, ...ofWeek } = sums[i]!;
      return { ...w, money: ofWeek };
    });
  };
  return {
    weekly,
    /** The last `weeks` weeks' money alone, this week first (the dashboard's card). */
    money: (weeks: number) => money.weeks(reports.weekStarts(weeks, new Date(clock()))),
    /** The download's name carries the business's date it was made. */
    csvFileName: () => `washdesk-weekly-report-${localDate(new Date(clock()), timeZone)}.csv`,
  };
}
export type ReportService = ReturnType<typeof reportService>;
