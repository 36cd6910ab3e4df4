import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, callCountsSchema, callSchema, errorBodySchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid, expectNotFound } from '../test/expect-errors.ts';

const oneSchema = callSchema.strict();
const listSchema = oneSchema.array();

const TOTAL = 60;
const STATUSES = ['completed', 'in-progress', 'missed'] as const;
/** Call n (1 = oldest) was made n minutes after a fixed instant; every third one was missed. */
const at = (n: number) => new Date(Date.UTC(2026, 0, 10, 12, n)).toISOString();
/** The same instant on the office's clock (the default BUSINESS_TIMEZONE, Pacific, in winter). */
const officeAt = (n: number) => {
  const minutes = 4 * 60 + n;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `2026-01-10 ${hh}:${String(minutes % 60).padStart(2, '0')},PST`;
};
const statusOf = (n: number) => STATUSES[n % 3]!;
/** Every fifth caller asked for a person nobody could put them through to. */
const wantsCallback = (n: number) => n % 5 === 0;
const callIds: number[] = [];
let bookedAppointmentId: number;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const insert = server.db
    .prepare(`INSERT INTO calls (call_sid, customer_name, phone_number, status, summary, duration_seconds, intent,
      callback_requested, forwarded_to, created_at, updated_at)
    VALUES (@sid, @name, @phone, @status, @summary, @duration, @intent, @callback, @forwardedTo, @at, @at)`);
  // Inserted newest first, so ids run against time: the API must order by created_at.
  const rows = new Map<number, number>();
  for (let n = TOTAL; n >= 1; n--) {
    const id = insert.run({
      sid: `CA${String(n).padStart(6, '0')}`,
      name: n === 1 ? null : `Caller ${n}`,
      phone: `+1707555${String(n).padStart(4, '0')}`,
      status: statusOf(n),
      summary: n % 2 ? `Summary ${n}` : null,
      duration: n === TOTAL ? 125 : n === TOTAL - 1 ? null : n,
      intent: n % 2 ? 'quote_request' : null,
      callback: wantsCallback(n) ? 1 : 0,
      forwardedTo: n === 1 ? '+17075559999' : null,
      at: at(n),
    }).lastInsertRowid;
    rows.set(n, Number(id));
  }
  for (let n = 1; n <= TOTAL; n++) callIds.push(rows.get(n)!);
  // The oldest call booked a free estimate.
  bookedAppointmentId = Number(
    server.db
      .prepare(
        `INSERT INTO appointments (customer_name, customer_phone, address, service_type, scheduled_date,
        source, call_id, created_at, updated_at)
      VALUES ('Caller 1', '+17075550001', '512 Redwood Drive', 'house-wash', '2026-01-13', 'phone', ?, ?, ?)`,
      )
      .run(callIds[0], at(1), at(1)).lastInsertRowid,
  );
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const listOf = async (query: string) => {
  const res = await server.get(`/api/calls${query}`);
  expect(res.status).toBe(200);
  return { rows: listSchema.parse(await res.json()), total: res.headers.get(TOTAL_COUNT_HEADER) };
};

describe('GET /api/calls', () => {
  it('answers at most 50 calls, newest first, with X-Total-Count of all calls', async () => {
    const { rows, total } = await listOf('?limit=50');
    expect(rows).toHaveLength(50);
    expect(total).toBe('60');
    expect(rows[0]).toMatchObject({
      id: callIds[59],
      callSid: 'CA000060',
      customerName: 'Caller 60',
      phoneNumber: '+17075550060',
      createdAt: at(60),
    });
    expect(rows.map((c) => c.id)).toEqual(callIds.slice(10).reverse());
  });

  it('formats duration as m:ss and keeps a missing duration null', async () => {
    const { rows } = await listOf('?limit=2');
    expect(rows[0]).toMatchObject({ duration: '2:05', durationSeconds: 125 });
    expect(rows[1]).toMatchObject({ duration: null, durationSeconds: null });
  });

  it('pages with offset down to the oldest call', async () => {
    const { rows, total } = await listOf('?limit=50&offset=50');
    expect(total).toBe('60');
    expect(rows.map((c) => c.id)).toEqual(callIds.slice(0, 10).reverse());
    expect(rows.at(-1)).toMatchObject({
      id: callIds[0],
      customerName: null,
      createdAt: at(1),
      duration: '0:01',
    });
  });

  it('filters by status', async () => {
    const { rows, total } = await listOf('?status=missed');
    const expected = callIds.filter((_, i) => statusOf(i + 1) === 'missed').reverse();
    expect(rows.map((c) => c.id)).toEqual(expected);
    expect(total).toBe(String(expected.length));
    expect(rows.every((c) => c.status === 'missed')).toBe(true);
  });

  it('filters the calls whose caller is owed a call back, and those who are not', async () => {
    const owed = callIds.filter((_, i) => wantsCallback(i + 1)).reverse();
    const { rows, total } = await listOf('?callbackRequested=true');
    expect(rows.map((c) => c.id)).toEqual(owed);
    expect(total).toBe('12');
    expect(rows.every((c) => c.callbackRequested)).toBe(true);

    const rest = await listOf('?callbackRequested=false&limit=200');
    expect(rest.total).toBe('48');
    expect(rest.rows.some((c) => owed.includes(c.id))).toBe(false);
  });

  it('combines the filters and pages within them', async () => {
    // Missed (n % 3 === 2) and owed a call back (n % 5 === 0): n = 50, 35, 20, 5.
    const both = [50, 35, 20, 5].map((n) => callIds[n - 1]);
    const { rows, total } = await listOf('?status=missed&callbackRequested=true&limit=2&offset=2');
    expect(total).toBe('4');
    expect(rows.map((c) => c.id)).toEqual(both.slice(2));
  });

  it('says which appointment a call booked, and where a caller was put through', async () => {
    const { rows } = await listOf('?limit=50&offset=50');
    expect(rows.at(-1)).toMatchObject({
      appointmentId: bookedAppointmentId,
      forwardedTo: '+17075559999',
      callbackRequested: false,
    });
    expect(rows[0]).toMatchObject({ appointmentId: null, forwardedTo: null, callbackRequested: true });
  });

  const bad: [string, string, string][] = [
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=1000', 'limit', 'limit must be at most 200'],
    ['limit=abc', 'limit', 'limit must be a whole number'],
    ['limit=2.5', 'limit', 'limit must be a whole number'],
    ['offset=-1', 'offset', 'offset cannot be negative'],
    ['status=bogus', 'status', 'Unknown status'],
    ['callbackRequested=yes', 'callbackRequested', 'callbackRequested must be true or false'],
    ['callbackRequested=1', 'callbackRequested', 'callbackRequested must be true or false'],
  ];
  it.each(bad)('rejects ?%s with 400 naming the field', async (query, field, message) => {
    await expectInvalid(await server.get(`/api/calls?${query}`), field, message);
    expect(server.count('calls')).toBe(TOTAL);
  });
});

describe('GET /api/calls/counts', () => {
  it('counts every call, the missed ones and those owed a call back', async () => {
    const res = await server.get('/api/calls/counts');
    expect(res.status).toBe(200);
    expect(callCountsSchema.strict().parse(await res.json())).toEqual({
      all: 60,
      missed: 20,
      callbackRequested: 12,
    });
  });

  it('is for signed-in staff only', async () => {
    expect((await server.anonymous.get('/api/calls/counts')).status).toBe(401);
  });
});

describe('GET /api/calls/:id', () => {
  it('answers one call', async () => {
    const res = await server.get(`/api/calls/${callIds[0]}`);
    expect(res.status).toBe(200);
    expect(oneSchema.parse(await res.json())).toMatchObject({
      id: callIds[0],
      callSid: 'CA000001',
      customerName: null,
      status: statusOf(1),
      summary: 'Summary 1',
      intent: 'quote_request',
      duration: '0:01',
    });
  });

  it('answers 404 for an unknown id and for a non-numeric or zero id', async () => {
    const res = await server.get('/api/calls/999999');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found');
    await expectNotFound(await server.get('/api/calls/abc'));
    await expectNotFound(await server.get('/api/calls/0'));
  });
});

describe('GET /api/calls/export.csv', () => {
  const exported = async () => {
    const res = await server.get('/api/calls/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="call-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // UTF-8's byte order mark, for spreadsheet apps; the decoder drops it.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes).split('\r\n');
  };

  it('answers every call, newest first, one line each, at the office’s wall-clock time', async () => {
    const lines = await exported();
    expect(lines[0]).toBe(
      'Call ID,Created,Time Zone,Customer Name,Phone Number,Status,Duration,Duration (seconds),Intent,Summary,' +
        'Callback Requested,Forwarded To,Appointment ID,Call SID',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(TOTAL + 2);
    // Phone numbers start with "+", which a spreadsheet would read as a formula.
    expect(lines[1]).toBe(
      `${callIds[59]},${officeAt(60)},Caller 60,'+17075550060,${statusOf(60)},2:05,125,,,Yes,,,CA000060`,
    );
    expect(lines[TOTAL]).toBe(
      `${callIds[0]},${officeAt(1)},,'+17075550001,${statusOf(1)},0:01,1,quote_request,Summary 1,No,` +
        `'+17075559999,${bookedAppointmentId},CA000001`,
    );
  });

  it('writes summer calls in daylight time, on the office’s calendar day', async () => {
    const insert = server.db
      .prepare(`INSERT INTO calls (customer_name, phone_number, status, created_at, updated_at)
      VALUES ('Summer caller', '707', 'completed', ?, ?)`);
    // 01:30 UTC on July 4th is still July 3rd, 6:30 PM, in California.
    const summer = '2031-07-04T01:30:00.000Z';
    const id = Number(insert.run(summer, summer).lastInsertRowid);
    try {
      const lines = await exported();
      expect(lines[1]).toBe(`${id},2031-07-03 18:30,PDT,Summer caller,707,completed,,,,,No,,,`);
    } finally {
      server.db.prepare('DELETE FROM calls WHERE id = ?').run(id);
    }
  });

  it('guards formula cells and quotes commas, quotes and line breaks', async () => {
    const insert = server.db
      .prepare(`INSERT INTO calls (customer_name, phone_number, status, summary, created_at, updated_at)
      VALUES (?, ?, 'completed', ?, ?, ?)`);
    const future = '2030-01-01T00:00:00.000Z';
    const ids = [
      insert.run('=HYPERLINK("http://evil")', '@SUM(A1)', 'Said "hi",\nthen left', future, future),
      insert.run('-2+3', '\tcmd', '\rline', '2030-01-01T00:00:01.000Z', future),
    ].map((r) => Number(r.lastInsertRowid));
    try {
      const lines = (await exported()).join('\r\n');
      expect(lines).toContain(
        `${ids[0]},2029-12-31 16:00,PST,"'=HYPERLINK(""http://evil"")",'@SUM(A1),completed,,,,"Said ""hi"",\nthen left",No,,,`,
      );
      expect(lines).toContain(`${ids[1]},2029-12-31 16:00,PST,'-2+3,'\tcmd,completed,,,,"'\rline",No,,,`);
    } finally {
      server.db.prepare('DELETE FROM calls WHERE id IN (?, ?)').run(...ids);
    }
  });

  it('streams a log longer than one batch without losing or repeating a call', async () => {
    const insert = server.db
      .prepare(`INSERT INTO calls (customer_name, phone_number, status, created_at, updated_at)
      VALUES (?, '707', 'completed', ?, ?)`);
    // Pairs of calls share a timestamp, so the batches' boundaries must also order by id.
    const stamp = (i: number) => new Date(Date.UTC(2031, 0, 1) + Math.floor(i / 2) * 1000).toISOString();
    const added = server.db.transaction(() =>
      Array.from({ length: 1_100 }, (_, i) =>
        Number(insert.run(`Bulk ${i}`, stamp(i), stamp(i)).lastInsertRowid),
      ),
    )();
    try {
      const rows = (await exported()).slice(1, -1).map((line) => Number(line.split(',')[0]));
      expect(rows).toHaveLength(TOTAL + added.length);
      expect(new Set(rows).size).toBe(rows.length);
      expect(rows.slice(0, 4)).toEqual([added[1099], added[1098], added[1097], added[1096]]);
      expect(rows.slice(added.length)).toEqual([...callIds].reverse());
    } finally {
      server.db.prepare(`DELETE FROM calls WHERE customer_name LIKE 'Bulk %'`).run();
    }
  });

  it('is for signed-in staff only', async () => {
    const res = await server.anonymous.get('/api/calls/export.csv');
    expect(res.status).toBe(401);
  });
});
