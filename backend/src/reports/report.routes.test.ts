import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { weeklySummarySchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addDays, localDate, startOfLocalDay, startOfWeek } from '../time.ts';

const TZ = 'America/Los_Angeles';
const MINUTE = 60_000;
const near = (date: string, minutes: number) =>
  new Date(Date.parse(startOfLocalDay(date, TZ)) + minutes * MINUTE).toISOString();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const thisWeek = () => startOfWeek(localDate(new Date(), TZ));

describe('GET /api/reports/weekly', () => {
  it('answers the last 8 weeks by default, this week first, all zero on an empty database', async () => {
    const res = await server.get('/api/reports/weekly');
    expect(res.status).toBe(200);
    const weeks = weeklySummarySchema.array().parse(await res.json());
    expect(weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: 8 }, (_, i) => addDays(thisWeek(), -7 * i)),
    );
    expect(weeks.every((w) => w.submissions + w.quotes + w.bookings + w.calls === 0)).toBe(true);
  });

  it('counts submissions, quotes, bookings and calls into the business week they happened in', async () => {
    const week = thisWeek();
    const lastWeek = addDays(week, -7);
    const submission = server.db
      .prepare(`INSERT INTO photo_submissions (first_name, status, created_at, updated_at)
      VALUES ('Report', ?, ?, ?)`);
    for (const [at, status] of [
      [near(week, 1), 'quoted'], // this week, Monday 00:01
      [near(week, -1), 'pending'], // last week, Sunday 23:59
      [near(lastWeek, 1), 'completed'], // last week
      [near(lastWeek, 2), 'reviewed'], // last week
    ] as const) {
      submission.run(status, at, at);
    }
    const appointment = server.db.prepare(`INSERT INTO appointments
      (customer_name, customer_phone, address, service_type, scheduled_date, status, created_at, updated_at)
      VALUES ('Report', '7075550100', '1 Main Street', 'house-wash', ?, 'scheduled', ?, ?)`);
    for (const at of [near(week, 5), near(lastWeek, -5)]) appointment.run(week, at, at);
    const call = server.db.prepare(
      `INSERT INTO calls (phone_number, status, created_at, updated_at) VALUES ('+17075550100', 'completed', ?, ?)`,
    );
    for (const at of [near(week, 3), near(week, 4), near(lastWeek, 3)]) call.run(at, at);

    const weeks = weeklySummarySchema
      .array()
      .parse(await (await server.get('/api/reports/weekly?weeks=3')).json());
    const counts = weeks.map(({ weekStart, submissions, quotes, bookings, calls }) => ({
      weekStart,
      submissions,
      quotes,
      bookings,
      calls,
    }));
    expect(counts).toEqual([
      { weekStart: week, submissions: 1, quotes: 1, bookings: 1, calls: 2 },
      { weekStart: lastWeek, submissions: 3, quotes: 1, bookings: 0, calls: 1 },
      { weekStart: addDays(week, -14), submissions: 0, quotes: 0, bookings: 1, calls: 0 },
    ]);
  });

  it('refuses a number of weeks outside 1 to 52', async () => {
    for (const weeks of ['0', '53', 'many']) {
      const res = await server.get(`/api/reports/weekly?weeks=${weeks}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });

  it('is for staff only', async () => {
    expect((await server.anonymous.get('/api/reports/weekly')).status).toBe(401);
    expect((await server.anonymous.get('/api/reports/weekly.csv')).status).toBe(401);
  });
});

describe('GET /api/reports/weekly.csv', () => {
  it('downloads the same figures as a CSV file with a header row', async () => {
    const json = weeklySummarySchema
      .array()
      .parse(await (await server.get('/api/reports/weekly?weeks=2')).json());
    const res = await server.get('/api/reports/weekly.csv?weeks=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="washdesk-weekly-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(await res.text()).toBe(
      [
        'Week starting,Submissions,Quotes,Bookings,Calls,Quoted ($),Won ($),Invoiced ($),Collected ($),Tips ($)',
        // No money yet: every amount reads 0.00.
        ...json.map(
          (w) => `${w.weekStart},${w.submissions},${w.quotes},${w.bookings},${w.calls},0.00,0.00,0.00,0.00,0.00`,
        ),
        '',
      ].join('\r\n'),
    );
  });
});
