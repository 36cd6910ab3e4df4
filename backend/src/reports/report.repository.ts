import type { WeeklySummary } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { addDays, localDate, startOfLocalDay, startOfWeek } from '../time.ts';

/**
 * The weekly summary: for each business week, range counts over created_at (or the appointment's
 * booking time), each answered from an index, so a year of weeks stays cheap.
 */
export function reportRepository(db: Db, timeZone: string) {
  const between = (sql: string) => db.prepare(`${sql} WHERE created_at >= @from AND created_at < @to`);
  const submissions = between('SELECT COUNT(*) AS n FROM photo_submissions');
  const quotes = db.prepare(`SELECT COUNT(*) AS n FROM photo_submissions
    WHERE created_at >= @from AND created_at < @to AND status IN ('quoted', 'completed')`);
  const bookings = between('SELECT COUNT(*) AS n FROM appointments');
  const calls = between('SELECT COUNT(*) AS n FROM calls');
  const n = (row: unknown) => (row as { n: number }).n;

  const weekStarts = (weeks: number, now: Date) => {
    const thisWeek = startOfWeek(localDate(now, timeZone));
    return Array.from({ length: weeks }, (_, i) => addDays(thisWeek, -7 * i));
  };

  return {
    /** The Mondays of the last `weeks` weeks, this (unfinished) week first. */
    weekStarts,
    /** The last `weeks` weeks, this (unfinished) week first. */
    weekly(weeks: number, now = new Date()): WeeklySummary[] {
      return db.transaction(() =>
        weekStarts(weeks, now).map((weekStart) => {
          const range = {
            from: startOfLocalDay(weekStart, timeZone),
            to: startOfLocalDay(addDays(weekStart, 7), timeZone),
          };
          return {
            weekStart,
            submissions: n(submissions.get(range)),
            quotes: n(quotes.get(range)),
            bookings: n(bookings.get(range)),
            calls: n(calls.get(range)),
          };
        }),
      )();
    },
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
