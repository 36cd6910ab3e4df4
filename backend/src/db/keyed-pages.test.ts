import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.ts';
import { leadRepository } from '../leads/lead.repository.ts';
import { photoRepository } from '../photos/photo.repository.ts';
import { invoiceRepository } from '../invoices/invoice.repository.ts';
import { paymentListRepository } from '../payments-list/payment-list.repository.ts';
import { seedMoney } from '../test/money-fixtures.ts';

// Issue 38: lists paged by key (db/keyed-pages.ts) read a page's ids off an index, from the nearer
// end, with totals kept by triggers. On a few thousand rows with many ties on the order's time
// (only the id tells them apart), every page from either end, and every page after a key, is the
// plain ORDER BY's rows in its order, with its total, for each filter the screens send.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-keyed-pages-'));
let db: Db;

beforeAll(() => {
  db = openDatabase(path.join(dir, 'pages.sqlite'), path.resolve(import.meta.dirname, '../../migrations'));
  // Leads through their channels' triggers: wizard requests, a few at the very same moment.
  const request = db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address,
    service_type, urgency, status, created_at, updated_at)
    VALUES ('Ana', ?, ?, ?, '1 Redwood Dr, Garberville', 'house-washing', 'week', 'new', ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < 2_000; i++) {
      const at = new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 4) * 60_000).toISOString();
      request.run(`No${i}`, `p${i}@example.com`, `(707) 555-${String(i).padStart(4, '0')}`, at, at);
    }
  })();
  db.prepare(`UPDATE leads SET stage = 'contacted' WHERE id % 3 = 0`).run();
  // Invoices and the ledger over 40 days: dozens issued and paid on each day.
  seedMoney(db, { invoices: 1_500, payments: 3_000, from: '2026-09-01', days: 40, openSince: '2026-09-20' });
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Case {
  name: string;
  /** The plain query's ids, in the list's order. */
  plain: () => number[];
  /** One page: its ids and total (after a key when `after` names a row). */
  page: (limit: number, offset: number, after?: number) => { ids: number[]; total: number };
}

const keyOf = (table: string, column: string, id: number) =>
  db.prepare(`SELECT ${column} FROM ${table} WHERE id = ?`).pluck().get(id) as string;

const CASES: Case[] = [
  ...[undefined, 'contacted'].map((stage): Case => {
    const leads = () => leadRepository(db, photoRepository(db));
    return {
      name: `leads${stage ? ` (${stage})` : ''}`,
      plain: () =>
        db
          .prepare(
            `SELECT id FROM leads WHERE @stage IS NULL OR stage = @stage ORDER BY created_at DESC, id DESC`,
          )
          .pluck()
          .all({ stage: stage ?? null }) as number[],
      page: (limit, offset) => {
        const { rows, total } = leads().list({ stage: stage as 'contacted' | undefined, limit, offset });
        return { ids: rows.map((r) => r.id), total };
      },
    };
  }),
  ...[null, 'open', 'paid'].map((status): Case => ({
    name: `invoices${status ? ` (${status})` : ''}`,
    plain: () =>
      db
        .prepare(
          `SELECT id FROM invoices WHERE @status IS NULL OR status = @status ORDER BY issued_on DESC, id DESC`,
        )
        .pluck()
        .all({ status }) as number[],
    page: (limit, offset, after) => {
      const invoices = invoiceRepository(db);
      const s = status as 'open' | 'paid' | null;
      const before = after ? { issuedOn: keyOf('invoices', 'issued_on', after), id: after } : undefined;
      return { ids: invoices.page(limit, s, before, offset).map((r) => r.id), total: invoices.count(s) };
    },
  })),
  ...[{}, { kind: 'refund' as const }, { status: 'succeeded' as const }, { method: 'cash' as const }].map(
    (filter): Case => ({
      name: `payments ${JSON.stringify(filter)}`,
      plain: () => {
        const [column, value] = Object.entries(filter)[0] ?? [];
        return db
          .prepare(
            `SELECT id FROM payments ${column ? `WHERE ${column} = ?` : ''} ORDER BY occurred_at DESC, id DESC`,
          )
          .pluck()
          .all(...(column ? [value] : [])) as number[];
      },
      page: (limit, offset, after) => {
        const cursor = after ? { createdAt: keyOf('payments', 'occurred_at', after), id: after } : undefined;
        const { rows, total } = paymentListRepository(db, 'America/Los_Angeles').list({
          ...filter,
          limit,
          offset,
          cursor,
        });
        return { ids: rows.map((r) => r.id), total };
      },
    }),
  ),
];

describe('keyed pages against the plain query', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const expected = c.plain();
    expect(expected.length).toBeGreaterThan(50);
    for (const limit of [1, 9, 50]) {
      const offsets = [
        0,
        limit,
        Math.floor(expected.length / 2) - 2,
        expected.length - limit - 1,
        expected.length - limit,
        expected.length + 3,
      ];
      for (const offset of offsets.filter((o) => o >= 0)) {
        const { ids, total } = c.page(limit, offset);
        expect(total, `${limit} at ${offset}`).toBe(expected.length);
        expect(ids, `${limit} at ${offset}`).toEqual(expected.slice(offset, offset + limit));
      }
    }
    // Page by key from the first row to the end: every row once, in order, ties included.
    const walked: number[] = [...c.page(37, 0).ids];
    const pageByKey = c.name.startsWith('leads') ? undefined : c.page;
    if (pageByKey)
      for (
        let next = pageByKey(37, 0, walked.at(-1));
        next.ids.length;
        next = pageByKey(37, 0, walked.at(-1))
      )
        walked.push(...next.ids);
    else for (let offset = 37; offset < expected.length; offset += 37) walked.push(...c.page(37, offset).ids);
    expect(walked).toEqual(expected);
  });
});
