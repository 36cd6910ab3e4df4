import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TOTAL_COUNT_HEADER,
  aiResponseSchema,
  aiResponseSummarySchema,
  intentShareSchema,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid } from '../test/expect-errors.ts';

const listSchema = aiResponseSchema.strict().array();

let server: TestServer;
let callId: number;

const insert = (row: {
  callId?: number | null;
  q: string;
  intent: string;
  ms: number | null;
  ok: 0 | 1;
  photo?: 0 | 1;
  at: string;
}) =>
  server.db
    .prepare(
      `INSERT INTO ai_responses (channel, call_id, customer_message, ai_response, intent, response_time_ms, successful, photo_request_sent, created_at)
    VALUES (@channel, @callId, @q, 'An answer', @intent, @ms, @ok, @photo, @at)`,
    )
    .run({ channel: row.callId ? 'phone' : 'messenger', photo: 0, callId: null, ...row });

beforeAll(async () => {
  server = await startTestServer();
  callId = Number(
    server.db
      .prepare(
        `INSERT INTO calls (phone_number, status, created_at, updated_at) VALUES ('707', 'completed', ?, ?)`,
      )
      .run('2026-01-10T09:00:00.000Z', '2026-01-10T09:00:00.000Z').lastInsertRowid,
  );
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  server.db.prepare('DELETE FROM ai_responses').run();
});

const summary = async () => {
  const res = await server.get('/api/ai-responses/summary');
  expect(res.status).toBe(200);
  return aiResponseSummarySchema.strict().parse(await res.json());
};

describe('GET /api/ai-responses', () => {
  it('lists answers newest first with real booleans, paged with X-Total-Count', async () => {
    insert({
      callId,
      q: 'Oldest question',
      intent: 'other',
      ms: null,
      ok: 0,
      photo: 1,
      at: '2026-01-10T10:00:00.000Z',
    });
    insert({
      q: 'Middle question',
      intent: 'scheduling',
      ms: 1200,
      ok: 1,
      photo: 1,
      at: '2026-01-11T10:00:00.000Z',
    });
    insert({
      callId,
      q: 'Newest question',
      intent: 'pricing',
      ms: 900,
      ok: 1,
      at: '2026-01-12T10:00:00.000Z',
    });
    const res = await server.get('/api/ai-responses');
    expect(res.status).toBe(200);
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    const rows = listSchema.parse(await res.json());
    expect(rows.map((r) => r.customerMessage)).toEqual([
      'Newest question',
      'Middle question',
      'Oldest question',
    ]);
    expect(rows[0]).toMatchObject({
      channel: 'phone',
      callId,
      intent: 'pricing',
      successful: true,
      photoRequestSent: false,
    });
    expect(rows[1]).toMatchObject({ channel: 'messenger', callId: null, photoRequestSent: true });
    expect(rows[2]).toMatchObject({ responseTimeMs: null, successful: false, photoRequestSent: true });

    const second = await server.get('/api/ai-responses?limit=2&offset=2');
    expect(second.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    expect(listSchema.parse(await second.json()).map((r) => r.customerMessage)).toEqual(['Oldest question']);
  });

  it("narrows the log to one call's answers", async () => {
    insert({ callId, q: 'On the call', intent: 'pricing', ms: 900, ok: 1, at: '2026-01-12T10:00:00.000Z' });
    insert({ q: 'On Messenger', intent: 'pricing', ms: 900, ok: 1, at: '2026-01-12T11:00:00.000Z' });
    const res = await server.get(`/api/ai-responses?callId=${callId}`);
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
    expect(listSchema.parse(await res.json()).map((r) => r.customerMessage)).toEqual(['On the call']);
  });

  const bad: [string, string, string][] = [
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['offset=-1', 'offset', 'offset cannot be negative'],
    ['callId=abc', 'callId', 'callId must be a positive whole number'],
    ['callId=0', 'callId', 'callId must be a positive whole number'],
  ];
  it.each(bad)('rejects ?%s with 400 naming the field', async (query, field, message) => {
    await expectInvalid(await server.get(`/api/ai-responses?${query}`), field, message);
  });
});

describe('GET /api/ai-responses/summary', () => {
  it('has no rates or averages before anything was logged', async () => {
    expect(await summary()).toEqual({
      totalResponses: 0,
      successfulResponses: 0,
      successRate: null,
      timedResponses: 0,
      averageResponseTimeMs: null,
    });
  });

  it('counts, averages the timed answers only, and rounds the success rate', async () => {
    const at = '2026-01-12T10:00:00.000Z';
    insert({ q: 'a', intent: 'pricing', ms: 1000, ok: 1, at });
    insert({ q: 'b', intent: 'pricing', ms: 2001, ok: 1, at });
    insert({ q: 'c', intent: 'other', ms: null, ok: 0, at });
    expect(await summary()).toEqual({
      totalResponses: 3,
      successfulResponses: 2,
      successRate: 67,
      timedResponses: 2,
      averageResponseTimeMs: 1501,
    });
  });

  it('is for signed-in staff only', async () => {
    expect((await server.anonymous.get('/api/ai-responses/summary')).status).toBe(401);
  });
});

describe('GET /api/ai-responses/intents', () => {
  it('is empty before anything was logged', async () => {
    const res = await server.get('/api/ai-responses/intents');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('counts each intent with its share, most frequent first', async () => {
    const at = '2026-01-12T10:00:00.000Z';
    for (const intent of [
      'quote_request',
      'quote_request',
      'quote_request',
      'scheduling',
      'other',
      'other',
    ]) {
      insert({ q: intent, intent, ms: 1000, ok: 1, at });
    }
    const res = await server.get('/api/ai-responses/intents');
    expect(
      intentShareSchema
        .strict()
        .array()
        .parse(await res.json()),
    ).toEqual([
      { intent: 'quote_request', count: 3, share: 50 },
      { intent: 'other', count: 2, share: 33.3 },
      { intent: 'scheduling', count: 1, share: 16.7 },
    ]);
  });
});
