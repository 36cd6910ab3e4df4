import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.ts';
import { listCounts } from './list-counts.ts';
import { seedVolume } from '../demo/volume-data.ts';
import { seedMoney } from '../test/money-fixtures.ts';

// Issue 38: the admin lists' totals (list_counts) and a customer's counts per kind
// (customer_item_counts) are kept by triggers as rows are written (migration 0062). After
// inserts, changes of every counted column and deletes, each kept total is exactly what a plain
// GROUP BY counts now.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-list-counts-'));
let db: Db;

/** list → the plain count of each bucket, as SQL over its table. */
const PLAIN: Record<string, string> = {
  photo_submissions: `SELECT 'status=' || status AS bucket, count(*) AS n FROM photo_submissions GROUP BY 1`,
  calls: `SELECT 'status=' || status, count(*) FROM calls GROUP BY 1
    UNION ALL SELECT 'callback=' || callback_requested, count(*) FROM calls GROUP BY 1
    UNION ALL SELECT 'status=' || status || '&callback=' || callback_requested, count(*) FROM calls GROUP BY 1`,
  service_requests: `SELECT 'status=' || status, count(*) FROM service_requests GROUP BY 1`,
  leads: `SELECT 'stage=' || stage, count(*) FROM leads GROUP BY 1
    UNION ALL SELECT 'channel=' || channel, count(*) FROM leads GROUP BY 1
    UNION ALL SELECT 'stage=' || stage || '&channel=' || channel, count(*) FROM leads GROUP BY 1`,
  messenger_conversations: `SELECT 'status=' || status, count(*) FROM messenger_conversations GROUP BY 1`,
  customers: `SELECT '', count(*) FROM customers WHERE merged_into IS NULL
    UNION ALL SELECT 'town=' || lower(town), count(*) FROM customers
      WHERE merged_into IS NULL AND town IS NOT NULL GROUP BY 1`,
  appointments: `SELECT 'status=' || status, count(*) FROM appointments GROUP BY 1
    UNION ALL SELECT 'day=' || scheduled_date, count(*) FROM appointments GROUP BY 1
    UNION ALL SELECT 'status=' || status || '&day=' || scheduled_date, count(*) FROM appointments GROUP BY 1
    UNION ALL SELECT 'month=' || substr(scheduled_date, 1, 7), count(*) FROM appointments GROUP BY 1
    UNION ALL SELECT 'status=' || status || '&month=' || substr(scheduled_date, 1, 7), count(*) FROM appointments GROUP BY 1`,
  invoices: `SELECT 'status=' || status, count(*) FROM invoices GROUP BY 1`,
  payments: `SELECT 'kind=' || kind, count(*) FROM payments GROUP BY 1
    UNION ALL SELECT 'status=' || status, count(*) FROM payments GROUP BY 1`,
};

function expectKeptTotals() {
  for (const [list, sql] of Object.entries(PLAIN)) {
    const plain = Object.fromEntries(
      (db.prepare(sql).raw().all() as [string, number][]).filter(([, n]) => n > 0),
    );
    const kept = Object.fromEntries(
      db.prepare('SELECT bucket, n FROM list_counts WHERE list = ? AND n <> 0').raw().all(list) as [
        string,
        number,
      ][],
    );
    expect(kept, list).toEqual(plain);
  }
  // A whole list's total summed from one NOT NULL filter's buckets (keyed-pages.ts `everyRowIn`).
  for (const [list, filter] of [
    ['photo_submissions', 'status'],
    ['calls', 'status'],
    ['calls', 'callback'],
    ['invoices', 'status'],
    ['leads', 'stage'],
    ['service_requests', 'status'],
    ['messenger_conversations', 'status'],
  ] as const) {
    const all = db.prepare(`SELECT count(*) FROM ${list}`).pluck().get();
    expect(listCounts(db).all(list, filter), `${list} by ${filter}`).toBe(all);
  }
  const items = (sql: string) =>
    (db.prepare(sql).raw().all() as [number, string, number][]).map((r) => r.join(':'));
  expect(items('SELECT customer_id, kind, n FROM customer_item_counts WHERE n <> 0 ORDER BY 1, 2')).toEqual(
    items('SELECT customer_id, kind, count(*) FROM customer_items GROUP BY 1, 2 ORDER BY 1, 2'),
  );
}

beforeAll(() => {
  db = openDatabase(path.join(dir, 'counts.sqlite'), path.resolve(import.meta.dirname, '../../migrations'));
  seedVolume(db, { submissions: 300, calls: 300, appointments: 300, withPhotoRows: false });
  seedMoney(db, { invoices: 60, payments: 150, from: '2026-06-01', days: 120, openSince: '2026-09-01' });
  const conversation = db.prepare(`INSERT INTO messenger_conversations (facebook_user_id, first_name, status,
    last_message_at, created_at) VALUES (?, 'Eli', ?, ?, ?)`);
  for (let i = 0; i < 40; i++)
    conversation.run(
      `psid-${i}`,
      i % 3 ? 'active' : 'archived',
      '2026-11-01T10:00:00Z',
      '2026-11-01T10:00:00Z',
    );
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the kept list totals', () => {
  it('are filled by the migration and follow every insert', () => {
    expectKeptTotals();
    expect(
      db.prepare("SELECT n FROM list_counts WHERE list = 'customers' AND bucket = ''").pluck().get(),
    ).toBeGreaterThan(0);
  });

  it('follow changes of every counted column, and deletes', () => {
    db.transaction(() => {
      db.prepare(`UPDATE photo_submissions SET status = 'quoted' WHERE id % 3 = 0`).run();
      db.prepare(
        `UPDATE calls SET status = 'missed', callback_requested = 1 - callback_requested WHERE id % 4 = 0`,
      ).run();
      db.prepare(`UPDATE calls SET customer_name = 'Named Later' WHERE id % 5 = 0`).run(); // a re-arrival
      db.prepare(`UPDATE service_requests SET status = 'closed' WHERE id % 2 = 0`).run();
      db.prepare(`UPDATE leads SET stage = 'lost' WHERE id % 3 = 1`).run();
      db.prepare(`UPDATE messenger_conversations SET status = 'active' WHERE id % 2 = 0`).run();
      db.prepare(`UPDATE messenger_conversations SET first_name = 'Ana' WHERE id % 3 = 0`).run(); // a re-arrival
      db.prepare(`UPDATE appointments SET scheduled_date = '2026-12-24' WHERE id % 7 = 0`).run();
      db.prepare(`UPDATE appointments SET status = 'cancelled' WHERE id % 5 = 0`).run();
      db.prepare(`UPDATE appointments SET customer_phone = '(707) 555-0142' WHERE id % 11 = 0`).run(); // a re-arrival
      db.prepare(`UPDATE invoices SET status = 'void' WHERE id % 4 = 0 AND status = 'open'`).run();
      db.prepare(`UPDATE payments SET status = 'failed' WHERE id % 6 = 0`).run();
      db.prepare(`UPDATE customers SET address = '9 Elm St, Arcata' WHERE id % 5 = 0`).run();
      // A merge: one record's items and the record itself go to another.
      const [from, into] = db
        .prepare('SELECT id FROM customers WHERE merged_into IS NULL ORDER BY id LIMIT 2')
        .pluck()
        .all() as number[];
      db.prepare('UPDATE customer_items SET customer_id = ? WHERE customer_id = ?').run(into, from);
      db.prepare('UPDATE customers SET merged_into = ? WHERE id = ?').run(into, from);
      db.prepare(
        'DELETE FROM payments WHERE id % 9 = 0 AND refund_of IS NULL AND id NOT IN (SELECT refund_of FROM payments WHERE refund_of IS NOT NULL)',
      ).run();
      db.prepare(
        'DELETE FROM photos WHERE submission_id IN (SELECT id FROM photo_submissions WHERE id % 10 = 0)',
      ).run();
      db.prepare(
        'DELETE FROM photo_submissions WHERE id % 10 = 0 AND id NOT IN (SELECT submission_id FROM sent_quotes WHERE submission_id IS NOT NULL)',
      ).run();
      db.prepare(
        'DELETE FROM appointments WHERE id % 13 = 0 AND id NOT IN (SELECT appointment_id FROM visit_answers)',
      ).run();
    })();
    expectKeptTotals();
  });

  it('can fail: a total moved behind the triggers’ back is caught', () => {
    db.prepare(`UPDATE list_counts SET n = n + 1 WHERE list = 'invoices' AND bucket = 'status=open'`).run();
    expect(() => expectKeptTotals()).toThrow();
    db.prepare(`UPDATE list_counts SET n = n - 1 WHERE list = 'invoices' AND bucket = 'status=open'`).run();
    expectKeptTotals();
  });
});
