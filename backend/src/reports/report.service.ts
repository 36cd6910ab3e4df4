import { localDate } from '../time.ts';
import type { ReportRepository } from './report.repository.ts';

/** The weekly summary staff read and download; `now` is injected for tests. */
export function reportService(
  reports: ReportRepository,
  timeZone: string,
  now: () => Date = () => new Date(),
) {
  return {
    weekly: (weeks: number) => reports.weekly(weeks, now()),
    /** The download's name carries the business's date it was made. */
    csvFileName: () => `washdesk-weekly-report-${localDate(now(), timeZone)}.csv`,
  };
}
export type ReportService = ReturnType<typeof reportService>;
