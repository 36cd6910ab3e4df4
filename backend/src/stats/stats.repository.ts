import type { Stats, SubmissionStatus } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { addDays, localDate, startOfLocalDay, startOfWeek } from '../time.ts';

/**
 * Dashboard figures, each a COUNT that SQLite answers from an index (a range of created_at or
 * scheduled_date, or the status index), so the cost stays flat as the tables grow.
 */
export function statsRepository(db: Db, timeZone: string) {
  const byStatus = db.prepare('SELECT status, COUNT(*) AS n FROM photo_submissions GROUP BY status');
  const submittedBetween = db.prepare(
    'SELECT COUNT(*) AS n FROM photo_submissions WHERE created_at >= @from AND created_at < @to',
  );
  const quotedBetween = db.prepare(`SELECT COUNT(*) AS n FROM photo_submissions
    WHERE created_at >= @from AND created_at < @to AND status IN ('quoted', 'completed')`);
  const appointmentsTotal = db.prepare('SELECT COUNT(*) AS n FROM appointments');
  const appointmentsOn = db.prepare('SELECT COUNT(*) AS n FROM appointments WHERE scheduled_date = ?');
  const upcoming = db.prepare(
    "SELECT COUNT(*) AS n FROM appointments WHERE status = 'scheduled' AND scheduled_date > ?",
  );
  const callsTotal = db.prepare('SELECT COUNT(*) AS n FROM calls');
  const callsSince = db.prepare('SELECT COUNT(*) AS n FROM calls WHERE created_at >= ?');
  const newRequests = db.prepare("SELECT COUNT(*) AS n FROM service_requests WHERE status = 'new'");
  const n = (row: unknown) => (row as { n: number }).n;

  return {
    compute(now = new Date()): Stats {
      const date = localDate(now, timeZone);
      const week = startOfWeek(date);
      const today = startOfLocalDay(date, timeZone);
      const yesterday = startOfLocalDay(addDays(date, -1), timeZone);
      const weekStart = startOfLocalDay(week, timeZone);
      const lastWeekStart = startOfLocalDay(addDays(week, -7), timeZone);
      const end = '9999';
      // The same moment of the earlier day or week, so a trend compares equal stretches of time.
      const sinceToday = now.getTime() - Date.parse(today);
      const sinceWeekStart = now.getTime() - Date.parse(weekStart);
      const sameTimeYesterday = new Date(
        Math.min(Date.parse(yesterday) + sinceToday, Date.parse(today)),
      ).toISOString();
      const sameTimeLastWeek = new Date(
        Math.min(Date.parse(lastWeekStart) + sinceWeekStart, Date.parse(weekStart)),
      ).toISOString();
      // One read transaction: every figure describes the same moment.
      return db.transaction((): Stats => {
        const counts: Record<SubmissionStatus, number> = { pending: 0, reviewed: 0, quoted: 0, completed: 0 };
        for (const row of byStatus.all() as { status: SubmissionStatus; n: number }[])
          counts[row.status] = row.n;
        const total = counts.pending + counts.reviewed + counts.quoted + counts.completed;
        return {
          todaySubmissions: n(submittedBetween.get({ from: today, to: end })),
          yesterdaySubmissions: n(submittedBetween.get({ from: yesterday, to: today })),
          yesterdaySubmissionsSoFar: n(submittedBetween.get({ from: yesterday, to: sameTimeYesterday })),
          thisWeekQuotes: n(quotedBetween.get({ from: weekStart, to: end })),
          lastWeekQuotesSoFar: n(quotedBetween.get({ from: lastWeekStart, to: sameTimeLastWeek })),
          thisWeekSubmissions: n(submittedBetween.get({ from: weekStart, to: end })),
          lastWeekSubmissions: n(submittedBetween.get({ from: lastWeekStart, to: weekStart })),
          quoteRequests: counts.quoted + counts.completed,
          totalSubmissions: total,
          pendingSubmissions: counts.pending,
          reviewedSubmissions: counts.reviewed,
          quotedSubmissions: counts.quoted,
          completedSubmissions: counts.completed,
          completionRate: total ? Math.round((counts.completed / total) * 100) : 0,
          totalAppointments: n(appointmentsTotal.get()),
          todayAppointments: n(appointmentsOn.get(date)),
          upcomingAppointments: n(upcoming.get(date)),
          totalCalls: n(callsTotal.get()),
          todayCalls: n(callsSince.get(today)),
          newServiceRequests: n(newRequests.get()),
          today: date,
        };
      })();
    },
  };
}
export type StatsRepository = ReturnType<typeof statsRepository>;
