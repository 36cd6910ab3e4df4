import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSchema } from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// GET /api/payments over a real server and SQLite file: newest first, every filter, the list
// headers, and key pages that walk the whole ledger without a gap or a repeat.

let server: TestServer;
const ROWS = 130;

beforeAll(async () => {
  // The business's time zone decides which day a payment belongs to.
  server = await startTestServer({ env: { TIME_ZONE: 'America/Los_Angeles' } });
  const ledger = ledgerRepository(server.db);
  for (let i = 1; i <= ROWS; i++) {
    const method = i % 3 === 0 ? 'cash' : i % 3 === 1 ? 'card' : 'us_bank_account';
    ledger.record({
      sourceKey: method === 'cash' ? `manual:list-${i}` : `stripe:pi_list_${i}`,
      kind: 'payment',
      status: i % 10 === 0 ? 'pending' : 'succeeded',
      method,
      purpose: i % 2 ? 'invoice' : 'deposit',
      amountCents: 1_000 * i,
      invoiceId: i % 2 ? 500 + (i % 7) : null,
      quoteId: i % 2 ? null : 800 + (i % 5),
      jobId: 300 + (i % 4),
      customerId: 20 + (i % 6),
      providerPaymentIntentId: method === 'cash' ? null : `pi_list_${i}`,
      // One a day from 1 May (UTC noon, the same day in Los Angeles), two on the same instant at 40.
      occurredAt: new Date(Date.UTC(2026, 4, 1, 19) + Math.min(i, ROWS - 1) * 86_400_000).toISOString(),
    });
  }
});
afterAll(() => server.stop());

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('GET /api/payments', () => {
  it('lists the newest first in the contract shape, with X-Total-Count and Link', async () => {
    const res = await server.get('/api/payments?limit=25');
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows).toHaveLength(25);
    for (const r of rows) paymentSchema.parse(r);
    expect(res.headers.get('X-Total-Count')).toBe(String(ROWS));
    expect(res.headers.get('Link')).toContain('</api/payments?limit=25&offset=25>; rel="next"');
    const times = rows.map((r: { occurredAt: string }) => r.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The two rows of one instant come newest id first.
    expect(ids(rows).slice(0, 2)).toEqual([ROWS, ROWS - 1]);
  });

  it('walks the whole ledger by key cursor without a gap or a repeat', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res = await server.get(`/api/payments?limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(await res.json()));
      cursor = res.headers.get('X-Next-Cursor');
      if (!cursor) break;
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    const byOffset = await (await server.get('/api/payments?limit=40&offset=80')).json();
    expect(ids(byOffset)).toEqual(seen.slice(80, 120));
  });

  it('filters by kind, status, method, ids and business days', async () => {
    const read = async (q: string) => {
      const res = await server.get(`/api/payments?limit=200&${q}`);
      expect(res.status, q).toBe(200);
      const rows = await res.json();
      expect(res.headers.get('X-Total-Count'), q).toBe(String(rows.length));
      return rows as { id: number; [k: string]: unknown }[];
    };
    expect((await read('method=cash')).every((r) => r.method === 'cash')).toBe(true);
    expect(await read('method=cash')).toHaveLength(43);
    expect(await read('status=pending')).toHaveLength(13);
    expect(await read('kind=refund')).toHaveLength(0);
    expect((await read('invoiceId=503')).every((r) => r.invoiceId === 503)).toBe(true);
    expect((await read('quoteId=801')).every((r) => r.quoteId === 801 && r.purpose === 'deposit')).toBe(true);
    expect(await read('jobId=300')).toHaveLength(32);
    expect(
      (await read('customerId=21&method=card')).every((r) => r.customerId === 21 && r.method === 'card'),
    ).toBe(true);
    // 1 May + 10 days = 11 May, in Los Angeles; both ends are whole days.
    const may = await read('from=2026-05-11&to=2026-05-13');
    expect(ids(may).sort((a, b) => a - b)).toEqual([10, 11, 12]);
  });

  it('refuses filters of the wrong type with the field named, and no row', async () => {
    for (const q of [
      'kind=tip',
      'status=paid',
      'method=bitcoin',
      'invoiceId=0x1',
      'jobId=-1',
      'from=2026-13-01',
      'to=yesterday',
      'cursor=bm9wZQ',
    ]) {
      const res = await server.get(`/api/payments?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys((await res.json()).error.fields), q).toHaveLength(1);
    }
  });

  it('reads one row by id; other spellings of an id name nothing', async () => {
    expect((await (await server.get('/api/payments/7')).json()).amountCents).toBe(7_000);
    for (const id of ['0', '07', '1e3', '999999', 'abc'])
      expect((await server.get(`/api/payments/${id}`)).status, id).toBe(404);
    expect((await server.anonymous.get('/api/payments')).status).toBe(401);
  });
});
