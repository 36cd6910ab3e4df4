import type { Db } from '../db/database.ts';

/**
 * A week of photo submissions at known instants, for the dashboard's figures. The clock stands at
 * Wednesday 11 February 2026, 2:30 PM in California (PST, UTC-8): the week began Monday 9 February
 * at 08:00Z, today at 08:00Z on the 11th. Every expected figure is worked out by hand beside it.
 */
export const DASHBOARD_NOW = new Date('2026-02-11T22:30:00.000Z');

export const DASHBOARD_SUBMISSIONS: [createdAt: string, status: string][] = [
  // Today, before 2:30 PM.
  ['2026-02-11T09:00:00.000Z', 'pending'],
  ['2026-02-11T15:00:00.000Z', 'quoted'],
  ['2026-02-11T22:00:00.000Z', 'pending'],
  // Yesterday: one before 2:30 PM, two after (the last at 11:59 PM).
  ['2026-02-10T10:00:00.000Z', 'completed'],
  ['2026-02-10T23:00:00.000Z', 'quoted'],
  ['2026-02-11T07:59:00.000Z', 'pending'],
  // Monday of this week.
  ['2026-02-09T12:00:00.000Z', 'quoted'],
  // Last week: two quoted before Wednesday 2:30 PM, two quoted after, one pending.
  ['2026-02-03T12:00:00.000Z', 'quoted'],
  ['2026-02-04T22:00:00.000Z', 'completed'],
  ['2026-02-04T23:00:00.000Z', 'quoted'],
  ['2026-02-05T12:00:00.000Z', 'pending'],
  ['2026-02-06T12:00:00.000Z', 'completed'],
  // Long before.
  ['2026-01-20T12:00:00.000Z', 'completed'],
];

/** By hand from the rows above. */
export const DASHBOARD_FIGURES = {
  todaySubmissions: 3,
  yesterdaySubmissions: 3,
  /** Yesterday up to 2:30 PM: only the 10:00Z one. */
  yesterdaySubmissionsSoFar: 1,
  /** This week, quoted or completed: 9 Feb, 10 Feb (two), 11 Feb. */
  thisWeekQuotes: 4,
  /** Last week up to Wednesday 2:30 PM, quoted or completed: 3 Feb and 4 Feb 22:00Z. */
  lastWeekQuotesSoFar: 2,
  pendingSubmissions: 4,
  completedSubmissions: 4,
  totalSubmissions: 13,
  /** round(4 / 13 × 100) = round(30.8). */
  completionRate: 31,
  /** 5 quoted + 4 completed. */
  quoteRequests: 9,
} as const;

export function seedDashboardWeek(db: Db) {
  const insert = db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, status, source,
    created_at, updated_at) VALUES ('Week', 'Customer', '7075550100', ?, 'photo-form', ?, ?)`);
  db.transaction(() => {
    for (const [at, status] of DASHBOARD_SUBMISSIONS) insert.run(status, at, at);
  })();
}
