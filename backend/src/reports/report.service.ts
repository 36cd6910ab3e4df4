import type { Clock } from '../time.ts';
import { localDate } from '../time.ts';
import type { ReportRepository } from './report.repository.ts';

/** The weekly summary staff read and download; the clock is injected for tests. */
export function reportService(reports: ReportRepository, timeZone: string, clock: Clock = Date.now) {
  return {
    weekly: (weeks: number) => reports.weekly(weeks, new Date(clock())),
    /** The download's name carries the business's date it was made. */
    csvFileName: () => `washdesk-weekly-report-${localDate(new Date(clock()), timeZone)}.csv`,
  };
}
export type ReportService = ReturnType<typeof reportService>;
