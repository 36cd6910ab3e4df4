import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from './key-cursor.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Issue 38: every admin list reads a page's ids from an index holding its order (the back half
// from the oldest end) and, where it pages by key, after a cursor. However a page is asked for, it
// holds exactly the rows of the list's one order as the plain SQL gives them, ties on the time
// broken by the higher id, filters kept.

const ROWS = 61;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db;
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString();
  const call = db.prepare(`INSERT INTO calls (customer_name, phone_number, status, callback_requested,
    created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const request = db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address,
    city, service_type, status, created_at, updated_at)
    VALUES ('Ana', ?, ?, ?, ?, 'Garberville', 'house-washing', ?, ?, ?)`);
  const answer =
    db.prepare(`INSERT INTO ai_responses (channel, call_id, customer_message, ai_response, intent,
    created_at) VALUES ('phone', ?, 'Roofs?', 'Yes.', 'services', ?)`);
  const conversation = db.prepare(`INSERT INTO messenger_conversations (facebook_user_id, status,
    last_message_at, created_at) VALUES (?, ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      // Rows 20-29 share one time: only the id orders them.
      const time = i >= 20 && i < 30 ? at(20) : at(i);
      const phone = `(707) 555-${String(1000 + i)}`;
      call.run(`Caller ${i}`, phone, i % 3 ? 'completed' : 'missed', i % 2, time, time);
      request.run(
        `Smith ${i}`,
        `c${i}@example.com`,
        phone,
        `${i} Oak St, ${i % 2 ? 'Garberville' : 'Redway'}`,
        i % 4 ? 'new' : 'contacted',
        time,
        time,
      );
      answer.run(i % 5 ? null : 1, time);
      // A few conversations have no message yet: they are listed last.
      conversation.run(`psid-${i}`, i % 4 ? 'active' : 'archived', i % 11 === 0 ? null : time, time);
    }
    db.exec(`UPDATE customers SET last_activity_at = '2026-03-01T00:20:00.000Z' WHERE id % 7 = 0`);
  })();
});
afterAll(() => server.stop());

const ids = (sql: string, ...params: unknown[]) =>
  server.db
    .prepare(sql)
    .pluck()
    .all(...params) as number[];
const idsOf = async (res: Response) => ((await res.json()) as { id: number }[]).map((r) => r.id);

interface ListCase {
  path: string;
  expected: number[];
  keyed: boolean;
}
const cases = (): [string, ListCase][] => [
  [
    'calls',
    {
      path: '/api/calls?',
      expected: ids('SELECT id FROM calls ORDER BY created_at DESC, id DESC'),
      keyed: true,
    },
  ],
  [
    'missed calls asking for a call back',
    {
      path: '/api/calls?status=missed&callbackRequested=true&',
      expected: ids(`SELECT id FROM calls WHERE status = 'missed' AND callback_requested = 1
        ORDER BY created_at DESC, id DESC`),
      keyed: true,
    },
  ],
  [
    'wizard requests, one status',
    {
      path: '/api/service-requests?status=new&',
      expected: ids(`SELECT id FROM service_requests WHERE status = 'new' ORDER BY created_at DESC, id DESC`),
      keyed: true,
    },
  ],
  [
    "one call's AI responses",
    {
      path: '/api/ai-responses?callId=1&',
      expected: ids('SELECT id FROM ai_responses WHERE call_id = 1 ORDER BY created_at DESC, id DESC'),
      keyed: true,
    },
  ],
  [
    'AI responses',
    {
      path: '/api/ai-responses?',
      expected: ids('SELECT id FROM ai_responses ORDER BY created_at DESC, id DESC'),
      keyed: true,
    },
  ],
  [
    'customers',
    {
      path: '/api/customers?',
      expected: ids(
        `SELECT id FROM customers WHERE merged_into IS NULL ORDER BY last_activity_at DESC, id DESC`,
      ),
      keyed: true,
    },
  ],
  [
    'customers of one town (any case)',
    {
      path: '/api/customers?town=garberville&',
      expected:
        ids(`SELECT id FROM customers WHERE merged_into IS NULL AND town = 'Garberville' COLLATE NOCASE
        ORDER BY last_activity_at DESC, id DESC`),
      keyed: true,
    },
  ],
  [
    'Messenger conversations',
    {
      path: '/api/messenger/conversations?',
      expected: ids(`SELECT id FROM messenger_conversations
        ORDER BY last_message_at IS NULL, last_message_at DESC, id DESC`),
      keyed: false,
    },
  ],
  [
    'archived Messenger conversations',
    {
      path: '/api/messenger/conversations?status=archived&',
      expected: ids(`SELECT id FROM messenger_conversations WHERE status = 'archived'
        ORDER BY last_message_at IS NULL, last_message_at DESC, id DESC`),
      keyed: false,
    },
  ],
];

describe('admin lists page by index', () => {
  it('has rows and ties to page through', () => {
    for (const [name, list] of cases()) expect(list.expected.length, name).toBeGreaterThan(8);
  });

  it('by offset, front and back half alike, at every boundary', async () => {
    for (const [name, { path, expected }] of cases()) {
      const n = expected.length;
      for (const [limit, offset] of [
        [10, 0],
        [7, 14],
        [10, Math.floor(n / 2) - 3],
        [10, Math.floor(n / 2)],
        [10, n - 10],
        [10, n - 3],
        [10, n],
        [50, n + 5],
      ] as const) {
        const res = await server.get(`${path}limit=${limit}&offset=${offset}`);
        expect(res.status, name).toBe(200);
        expect(res.headers.get('X-Total-Count'), name).toBe(String(n));
        expect(await idsOf(res), `${name} limit ${limit} offset ${offset}`).toEqual(
          expected.slice(offset, offset + limit),
        );
      }
    }
  });

  it('by key cursor, through the whole list, ties included', async () => {
    for (const [name, { path, expected, keyed }] of cases()) {
      if (!keyed) continue;
      const walked: number[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 200; pages++) {
        const res = await server.get(`${path}limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status, name).toBe(200);
        walked.push(...(await idsOf(res)));
        cursor = res.headers.get(NEXT_CURSOR_HEADER);
        if (!cursor) break;
      }
      expect(walked, name).toEqual(expected);
    }
  });

  it('refuses a cursor no list gave, and one beside a customer search', async () => {
    expect((await server.get('/api/calls?cursor=not-a-cursor')).status).toBe(400);
    const first = await server.get('/api/customers?limit=2');
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    expect((await server.get(`/api/customers?limit=2&q=Smith&cursor=${cursor}`)).status).toBe(400);
  });
});
