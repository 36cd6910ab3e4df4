import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, aiResponseSchema, callSchema, errorBodySchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid } from '../test/expect-errors.ts';

const oneSchema = callSchema.strict();
const listSchema = oneSchema.array();
const responsesSchema = aiResponseSchema.strict().array();

const TOTAL = 60;
const STATUSES = ['completed', 'in-progress', 'missed'] as const;
/** Call n (1 = oldest) was made n minutes after a fixed instant; every third one was missed. */
const at = (n: number) => new Date(Date.UTC(2026, 0, 10, 12, n)).toISOString();
const statusOf = (n: number) => STATUSES[n % 3]!;
const callIds: number[] = [];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const insert = server.db
    .prepare(`INSERT INTO calls (call_sid, customer_name, phone_number, status, summary, duration_seconds, intent, created_at, updated_at)
    VALUES (@sid, @name, @phone, @status, @summary, @duration, @intent, @at, @at)`);
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
      at: at(n),
    }).lastInsertRowid;
    rows.set(n, Number(id));
  }
  for (let n = 1; n <= TOTAL; n++) callIds.push(rows.get(n)!);

  const ai = server.db
    .prepare(`INSERT INTO ai_responses (channel, call_id, customer_message, ai_response, intent, response_time_ms, successful, photo_request_sent, created_at)
    VALUES (@channel, @callId, @q, @a, @intent, @ms, @ok, @photo, @at)`);
  ai.run({
    channel: 'phone',
    callId: callIds[59],
    q: 'Newest question',
    a: 'Newest answer',
    intent: 'pricing',
    ms: 900,
    ok: 1,
    photo: 0,
    at: '2026-01-12T10:00:00.000Z',
  });
  ai.run({
    channel: 'phone',
    callId: callIds[0],
    q: 'Oldest question',
    a: 'Oldest answer',
    intent: 'other',
    ms: null,
    ok: 0,
    photo: 1,
    at: '2026-01-10T10:00:00.000Z',
  });
  ai.run({
    channel: 'messenger',
    callId: null,
    q: 'Middle question',
    a: 'Middle answer',
    intent: 'scheduling',
    ms: 1200,
    ok: 1,
    photo: 1,
    at: '2026-01-11T10:00:00.000Z',
  });
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

  const bad: [string, string, string][] = [
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=1000', 'limit', 'limit must be at most 200'],
    ['limit=abc', 'limit', 'limit must be a number'],
    ['limit=2.5', 'limit', 'limit must be a whole number'],
    ['offset=-1', 'offset', 'offset cannot be negative'],
    ['status=bogus', 'status', 'Unknown status'],
  ];
  it.each(bad)('rejects ?%s with 400 naming the field', async (query, field, message) => {
    await expectInvalid(await server.get(`/api/calls?${query}`), field, message);
    expect(server.count('calls')).toBe(TOTAL);
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

  it('answers 404 for an unknown id and 400 for a non-numeric or zero id', async () => {
    const res = await server.get('/api/calls/999999');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found');
    await expectInvalid(await server.get('/api/calls/abc'), 'id', 'id must be a number');
    await expectInvalid(await server.get('/api/calls/0'), 'id', 'id must be positive');
  });
});

describe('GET /api/ai-responses', () => {
  it('lists answers newest first with real booleans', async () => {
    const res = await server.get('/api/ai-responses');
    expect(res.status).toBe(200);
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    const rows = responsesSchema.parse(await res.json());
    expect(rows.map((r) => r.customerMessage)).toEqual([
      'Newest question',
      'Middle question',
      'Oldest question',
    ]);
    expect(rows[0]).toMatchObject({
      channel: 'phone',
      callId: callIds[59],
      intent: 'pricing',
      responseTimeMs: 900,
      successful: true,
      photoRequestSent: false,
    });
    expect(rows[1]).toMatchObject({
      channel: 'messenger',
      callId: null,
      successful: true,
      photoRequestSent: true,
    });
    expect(rows[2]).toMatchObject({ responseTimeMs: null, successful: false, photoRequestSent: true });
  });

  it('rejects a bad limit with 400', async () => {
    await expectInvalid(await server.get('/api/ai-responses?limit=0'), 'limit', 'limit must be at least 1');
    expect(server.count('ai_responses')).toBe(3);
  });
});
