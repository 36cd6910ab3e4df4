import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statsSchema, type Stats } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addDays, localDate, startOfLocalDay, startOfWeek } from '../time.ts';

const TZ = 'America/Los_Angeles';
const MINUTE = 60_000;
/** An instant `minutes` away from the local midnight that starts `date`. */
const near = (date: string, minutes: number) =>
  new Date(Date.parse(startOfLocalDay(date, TZ)) + minutes * MINUTE).toISOString();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const readStats = async (): Promise<Stats> => {
  const res = await server.get('/api/stats');
  expect(res.status).toBe(200);
  return statsSchema.strict().parse(await res.json());
};

describe('GET /api/stats', () => {
  it('answers all zeros on an empty database, with a completion rate of 0', async () => {
    const today = localDate(new Date(), TZ);
    expect(await readStats()).toEqual({
      todaySubmissions: 0,
      yesterdaySubmissions: 0,
      yesterdaySubmissionsSoFar: 0,
      thisWeekQuotes: 0,
      lastWeekQuotesSoFar: 0,
      thisWeekSubmissions: 0,
      lastWeekSubmissions: 0,
      quoteRequests: 0,
      totalSubmissions: 0,
      pendingSubmissions: 0,
      reviewedSubmissions: 0,
      quotedSubmissions: 0,
      completedSubmissions: 0,
      completionRate: 0,
      totalAppointments: 0,
      todayAppointments: 0,
      upcomingAppointments: 0,
      totalCalls: 0,
      todayCalls: 0,
      newServiceRequests: 0,
      today,
    });
  });

  it('counts every figure by the business day in America/Los_Angeles', async () => {
    const today = localDate(new Date(), TZ);
    const yesterday = addDays(today, -1);
    const week = startOfWeek(today);
    const lastWeek = addDays(week, -7);

    // Submissions at instants just either side of each local-midnight boundary.
    const submissions: [string, string][] = [
      [near(today, 1), 'pending'], // today
      [near(today, -1), 'completed'], // yesterday, 23:59
      [near(yesterday, 1), 'quoted'], // yesterday, 00:01
      [near(yesterday, -1), 'pending'], // the day before yesterday
      [near(week, 1), 'completed'], // this week (Monday 00:01)
      [near(week, -1), 'reviewed'], // last week (Sunday 23:59)
      [near(lastWeek, 1), 'quoted'], // last week (Monday 00:01)
      [near(lastWeek, -1), 'completed'], // before last week
      [near(addDays(today, -40), 600), 'pending'], // long ago
    ];
    const insertSubmission = server.db
      .prepare(`INSERT INTO photo_submissions (first_name, last_name, status, created_at, updated_at)
      VALUES ('Test', 'Customer', ?, ?, ?)`);
    for (const [at, status] of submissions) insertSubmission.run(status, at, at);

    const insertAppointment = server.db.prepare(`INSERT INTO appointments
      (customer_name, customer_phone, address, service_type, scheduled_date, status, created_at, updated_at)
      VALUES ('Test', '7075550100', '1 Main Street', 'house-wash', ?, ?, ?, ?)`);
    const stamp = new Date().toISOString();
    for (const [date, status] of [
      [today, 'scheduled'],
      [today, 'completed'],
      [yesterday, 'scheduled'],
      [addDays(today, 1), 'scheduled'],
      [addDays(today, 12), 'scheduled'],
      [addDays(today, 3), 'cancelled'], // a cancelled visit is not upcoming
    ] as const) {
      insertAppointment.run(date, status, stamp, stamp);
    }

    const insertCall = server.db.prepare(
      `INSERT INTO calls (phone_number, status, created_at, updated_at) VALUES ('+17075550100', 'completed', ?, ?)`,
    );
    for (const at of [near(today, 1), near(today, -1), near(lastWeek, 5)]) insertCall.run(at, at);

    const insertRequest = server.db.prepare(`INSERT INTO service_requests
      (first_name, last_name, email, phone, address, service_type, status, created_at, updated_at)
      VALUES ('Test', 'Lead', 'lead@example.com', '7075550100', '1 Main Street', 'roof-cleaning', ?, ?, ?)`);
    for (const status of ['new', 'new', 'contacted', 'closed']) insertRequest.run(status, stamp, stamp);

    // Where each submission falls, by its own local calendar date.
    const dates = submissions.map(([at]) => localDate(new Date(at), TZ));
    const inRange = (from: string, to: string) => dates.filter((d) => d >= from && d <= to).length;

    const stats = await readStats();
    expect(stats.today).toBe(today);
    // On a Monday the week's boundary submissions also fall on today and yesterday.
    expect(stats.todaySubmissions).toBe(inRange(today, today));
    expect(stats.yesterdaySubmissions).toBe(inRange(yesterday, yesterday));
    expect(stats.todaySubmissions).toBeGreaterThanOrEqual(1);
    expect(stats.yesterdaySubmissions).toBeGreaterThanOrEqual(2);
    expect(stats.thisWeekSubmissions).toBe(inRange(week, today));
    expect(stats.lastWeekSubmissions).toBe(inRange(lastWeek, addDays(week, -1)));
    // Whatever the weekday, the arranged boundaries put at least these in each week.
    expect(stats.thisWeekSubmissions).toBeGreaterThanOrEqual(2);
    expect(stats.lastWeekSubmissions).toBeGreaterThanOrEqual(2);
    expect(stats).toMatchObject({
      totalSubmissions: 9,
      pendingSubmissions: 3,
      reviewedSubmissions: 1,
      quotedSubmissions: 2,
      completedSubmissions: 3,
      quoteRequests: 5, // quoted + completed
      completionRate: 33, // round(3 / 9 * 100)
      totalAppointments: 6,
      todayAppointments: 2,
      upcomingAppointments: 2,
      totalCalls: 3,
      todayCalls: 1,
      newServiceRequests: 2,
    });
  });

  it('rounds the completion rate to the nearest whole percent', async () => {
    // Builds on the rows above: 3 completed of 9; 2 more completed make 5 of 11 = 45.45% -> 45,
    // then 1 more pending makes 5 of 12 = 41.67% -> 42.
    expect(await readStats()).toMatchObject({ totalSubmissions: 9, completedSubmissions: 3 });
    const insert = server.db.prepare(
      `INSERT INTO photo_submissions (status, created_at, updated_at) VALUES (?, ?, ?)`,
    );
    const old = '2020-01-01T00:00:00.000Z';
    insert.run('completed', old, old);
    insert.run('completed', old, old);
    expect((await readStats()).completionRate).toBe(45);
    insert.run('pending', old, old);
    const stats = await readStats();
    expect(stats.completionRate).toBe(42);
    expect(stats.quoteRequests).toBe(7);
  });
});
