import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerSummarySchema, TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { seedMoney, type MoneyFixture } from '../test/money-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Customers show what they owe (issue 35, item 6): open invoices' totals less what settled on them,
// tips apart, and the Customers screen's "Open balance" filter, through the real server and SQLite.

let server: TestServer;
let fixture: MoneyFixture;
let customerIds: number[];

const list = async (query: string) => {
  const res = await server.get(`/api/customers?limit=100&${query}`);
  expect(res.status).toBe(200);
  const rows = customerSummarySchema.array().parse(await res.json());
  return { rows, total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
};
const balanceOf = async (id: number) =>
  customerSummarySchema.parse(await (await server.get(`/api/customers/${id}`)).json()).openBalanceCents;

beforeAll(async () => {
  server = await startTestServer();
  const at = '2026-01-01T00:00:00.000Z';
  const customer = server.db.prepare(`INSERT INTO customers (name, created_at, last_activity_at, updated_at)
    VALUES (?, ?, ?, ?)`);
  customerIds = Array.from({ length: 12 }, (_, i) =>
    Number(customer.run(`Customer ${i}`, at, at, at).lastInsertRowid),
  );
  // 24 invoices over the first ten customers; the last two owe nothing and never had an invoice.
  fixture = seedMoney(server.db, {
    invoices: 24,
    payments: 60,
    from: '2026-01-05',
    days: 20,
    customerIds: customerIds.slice(0, 10),
  });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

describe('a customer’s open balance', () => {
  it('is each open invoice’s total less what settled on it, on the list and the record', async () => {
    const { rows } = await list('');
    for (const id of customerIds) {
      const owed = fixture.openBalanceOf.get(id) ?? 0;
      expect(rows.find((r) => r.id === id)!.openBalanceCents).toBe(owed);
      expect(await balanceOf(id)).toBe(owed);
    }
    expect([...fixture.openBalanceOf.values()].some((cents) => cents > 0)).toBe(true);
  });

  it('moves with the ledger: a settled payment lowers it, a pending one and a tip do not', async () => {
    const owing = [...fixture.openBalanceOf].find(([, cents]) => cents > 1_000)!;
    const [customerId, owed] = owing;
    const invoiceId = server.db
      .prepare(`SELECT id FROM invoices WHERE customer_id = ? AND status = 'open' ORDER BY id LIMIT 1`)
      .pluck()
      .get(customerId) as number;
    const ledger = ledgerRepository(server.db);
    const entry = { kind: 'payment', method: 'cash', purpose: 'invoice', invoiceId, customerId } as const;
    ledger.record({
      ...entry,
      sourceKey: 'test:pending',
      status: 'pending',
      amountCents: 500,
      occurredAt: '2026-02-01T00:00:00Z',
    });
    expect(await balanceOf(customerId)).toBe(owed);
    ledger.record({
      ...entry,
      sourceKey: 'test:cash',
      status: 'succeeded',
      amountCents: 1_000 + 300,
      tipCents: 300,
      occurredAt: '2026-02-01T00:00:00Z',
    });
    expect(await balanceOf(customerId)).toBe(owed - 1_000);
    // A refund of it owes again.
    ledger.record({
      ...entry,
      kind: 'refund',
      sourceKey: 'test:refund',
      status: 'succeeded',
      amountCents: -400,
      occurredAt: '2026-02-02T00:00:00Z',
    });
    expect(await balanceOf(customerId)).toBe(owed - 600);
    fixture.openBalanceOf.set(customerId, owed - 600);
  });

  it('filters the list to those who owe, and to those who do not', async () => {
    const owing = customerIds.filter((id) => (fixture.openBalanceOf.get(id) ?? 0) > 0);
    const open = await list('balance=open');
    expect(open.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(owing);
    expect(open.total).toBe(owing.length);
    expect(open.rows.every((r) => r.openBalanceCents > 0)).toBe(true);
    const none = await list('balance=none');
    expect(none.total).toBe(customerIds.length - owing.length);
    expect(none.rows.every((r) => r.openBalanceCents === 0)).toBe(true);
    const bad = await server.get('/api/customers?balance=maybe');
    expect(bad.status).toBe(400);
  });

  it('follows a merge: the invoices of a record merged into another count on the one kept', async () => {
    const owing = customerIds.filter((id) => (fixture.openBalanceOf.get(id) ?? 0) > 0);
    const [kept, absorbed] = [customerIds[11]!, owing[0]!];
    const res = await server.send('POST', `/api/customers/${kept}/merge`, { otherId: absorbed });
    expect(res.status).toBe(200);
    expect(await balanceOf(kept)).toBe(fixture.openBalanceOf.get(absorbed));
    const open = await list('balance=open');
    expect(open.rows.map((r) => r.id)).toContain(kept);
    expect(open.rows.map((r) => r.id)).not.toContain(absorbed);
  });
});
