import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { weeklyMoneySchema, weeklyReportWeekSchema, type WeeklyMoney } from '@washdesk/contract';
import { seedMoney, type MoneyFixture } from '../test/money-fixtures.ts';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';

// Quoted, won, invoiced and collected dollars per week and channel (issue 35, item 6), over HTTP on
// a real SQLite file, against a fixture that keeps its own account of every sum.

const NOW = Date.parse('2026-03-04T20:00:00Z'); // a Wednesday noon in California
let server: TestServer;
let fixture: MoneyFixture;
let leads: { phone: number; wizard: number; messenger: number };

const sum = (
  weeks: WeeklyMoney[],
  field: 'quotedCents' | 'wonCents' | 'invoicedCents' | 'collectedCents' | 'tipsCents',
) => weeks.reduce((s, w) => s + w[field], 0);

/** The owner's report, each week's money beside its Monday. */
const report = async (weeks: number): Promise<WeeklyMoney[]> =>
  weeklyReportWeekSchema
    .array()
    .parse(await (await server.get(`/api/reports/weekly?weeks=${weeks}`)).json())
    .map((w) => ({ weekStart: w.weekStart, ...w.money! }));

beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
  const lead = server.db.prepare(
    "INSERT INTO leads (channel, source_id, name, created_at) VALUES (?, ?, 'Lead', '2026-01-01T00:00:00Z')",
  );
  leads = {
    phone: Number(lead.run('phone', 9001).lastInsertRowid),
    wizard: Number(lead.run('wizard', 9002).lastInsertRowid),
    messenger: Number(lead.run('messenger', 9003).lastInsertRowid),
  };
  fixture = seedMoney(server.db, {
    invoices: 120,
    payments: 400,
    from: '2026-01-13',
    days: 35,
    leadIds: [leads.phone, leads.wizard, leads.messenger],
  });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

describe('GET /api/reports/weekly: money', () => {
  it('adds up, over the weeks, to what was quoted, won, invoiced and collected, tips apart', async () => {
    const weeks = await report(12);
    expect(sum(weeks, 'quotedCents')).toBe(fixture.quotedCents);
    expect(sum(weeks, 'wonCents')).toBe(fixture.quotedCents);
    expect(sum(weeks, 'invoicedCents')).toBe(fixture.invoicedCents);
    expect(sum(weeks, 'collectedCents')).toBe(fixture.paidLessTipsCents + fixture.refundedCents);
    expect(sum(weeks, 'tipsCents')).toBe(fixture.tipsCents);
    expect(fixture.tipsCents).toBeGreaterThan(0);
    expect(fixture.refundedCents).toBeLessThan(0);
    // The counts of the spec's report are still there.
    const [thisWeek] = weeklyReportWeekSchema
      .array()
      .parse(await (await server.get('/api/reports/weekly?weeks=1')).json());
    expect(thisWeek).toMatchObject({ submissions: 0, quotes: 0, bookings: 0, calls: 0 });
  });

  it('splits each week by the channel of the lead the quote came from, and the split adds up', async () => {
    const weeks = await report(12);
    for (const week of weeks) {
      for (const field of [
        'quotedCents',
        'wonCents',
        'invoicedCents',
        'collectedCents',
        'tipsCents',
      ] as const)
        expect(week.byChannel.reduce((s, c) => s + c[field], 0)).toBe(week[field]);
    }
    const channels = new Set(weeks.flatMap((w) => w.byChannel.map((c) => c.channel)));
    // Three leads of three channels (a web form is the website), and quotes made with no lead.
    expect([...channels].sort()).toEqual(['messenger', 'phone', 'web', null].sort());
    // Every seventh quote had no lead; all of one fixture quote's money lands in its own channel.
    const quoted = (channel: string | null) =>
      weeks
        .flatMap((w) => w.byChannel)
        .filter((c) => c.channel === channel)
        .reduce((s, c) => s + c.quotedCents, 0);
    const expectedNoLead = server.db
      .prepare('SELECT SUM(amount_cents) FROM sent_quotes WHERE lead_id IS NULL')
      .pluck()
      .get() as number;
    expect(quoted(null)).toBe(expectedNoLead);
  });

  it('leaves out void invoices, pending and failed payments, fees and replaced offers', async () => {
    const before = await report(12);
    const at = '2026-03-03T18:00:00.000Z';
    const pay = server.db
      .prepare(`INSERT INTO payments (kind, status, method, amount_cents, source_key, occurred_at,
      created_at, updated_at) VALUES (?, ?, 'card', ?, ?, ?, ?, ?)`);
    pay.run('payment', 'pending', 10_000, 'test:pending', at, at, at);
    pay.run('payment', 'failed', 10_000, 'test:failed', at, at, at);
    pay.run('fee', 'succeeded', -320, 'test:fee', at, at, at);
    server.db
      .prepare(
        `INSERT INTO sent_quotes (token, amount_cents, document, sent_at, valid_until, superseded_at)
      VALUES ('replaced-offer', 50000, '{}', ?, '2026-04-01', ?)`,
      )
      .run(at, at);
    const after = await report(12);
    expect(after).toEqual(before);
    // A payment that settles does count, in its week, with no lead's channel.
    pay.run('payment', 'succeeded', 12_345, 'test:cash', at, at, at);
    const counted = await report(12);
    expect(counted[0]!.collectedCents - before[0]!.collectedCents).toBe(12_345);
    expect(counted[0]!.byChannel.find((c) => c.channel === null)!.collectedCents).toBeGreaterThanOrEqual(
      12_345,
    );
  });

  it('downloads the money as dollars after the spec report’s columns', async () => {
    const json = await report(12);
    const csv = await (await server.get('/api/reports/weekly.csv?weeks=12')).text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Week starting,Submissions,Quotes,Bookings,Calls,Quoted ($),Won ($),Invoiced ($),Collected ($),Tips ($)',
    );
    const collected = rows.reduce((s, r) => s + Math.round(Number(r.split(',')[8]) * 100), 0);
    expect(collected).toBe(sum(json, 'collectedCents'));
    expect(rows[0]!.split(',')[8]).toMatch(/^-?\d+\.\d{2}$/);
  });
});

describe('GET /api/dashboard/money', () => {
  it('answers the last four weeks, this week first, the same figures as the report', async () => {
    const res = await server.get('/api/dashboard/money');
    expect(res.status).toBe(200);
    const money = weeklyMoneySchema.array().parse(await res.json());
    expect(money.map((w) => w.weekStart)).toEqual(['2026-03-02', '2026-02-23', '2026-02-16', '2026-02-09']);
    expect(money).toEqual(await report(4));
    expect(money.some((w) => w.collectedCents !== 0)).toBe(true);
    expect((await server.anonymous.get('/api/dashboard/money')).status).toBe(401);
  });
});

describe('takings are the owner’s (the matrix’s seeMoney)', () => {
  it('gives staff the report’s counts without money, and no dashboard money', async () => {
    const email = await server.addUser({ email: 'crew-lead@example.com', role: 'staff' });
    const staff = clientOf(server.url, await signIn(server.url, email));
    const weeks = weeklyReportWeekSchema
      .array()
      .parse(await (await staff.get('/api/reports/weekly?weeks=2')).json());
    expect(weeks.map((w) => w.money)).toEqual([null, null]);
    const csv = await (await staff.get('/api/reports/weekly.csv?weeks=2')).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Week starting,Submissions,Quotes,Bookings,Calls',
    );
    expect((await staff.get('/api/dashboard/money')).status).toBe(403);
  });
});
