import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Rows written per arrival, triggers and the search index's own tables included (total_changes()
// counts them all): a measure of work that does not depend on the machine's speed.
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

it("writes as much for a customer's 1,001st row as for their 11th (issue 21, item 10)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-arrival-cost-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  // As the volume seed writes them: one person's phone and e-mail, a new name on every row, so a
  // design that keeps one growing text per customer has more to rewrite with every row.
  const submit = db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, email, address,
    service_type, status, source, created_at, updated_at)
    VALUES ('Volume', @name, @phone, @email, '1 Redwood Dr', 'House Soft Wash', 'pending', 'photo-form', @at, @at)`);
  const at = '2026-11-20T18:00:00.000Z';
  let row = 0;
  const arrive = (who: 'small' | 'big') =>
    submit.run({
      name: `No${String(row++).padStart(6, '0')}`,
      phone: who === 'small' ? '(707) 555-0111' : '(707) 555-0199',
      email: `${who}@example.com`,
      at,
    });
  for (let i = 0; i < 10; i++) arrive('small');
  for (let i = 0; i < 1000; i++) arrive('big');
  const changes = db.prepare('SELECT total_changes()').pluck();
  const written = (who: 'small' | 'big') => {
    const before = changes.get() as number;
    arrive(who);
    return (changes.get() as number) - before;
  };
  // Alternating, so both meet the same index state; the median leaves out the index's periodic
  // merges, which come with the number of inserts, not with one customer's history.
  const small: number[] = [];
  const big: number[] = [];
  for (let i = 0; i < 9; i++) {
    small.push(written('small'));
    big.push(written('big'));
  }
  const counts = db
    .prepare(
      `SELECT email, count(*) AS n FROM customers c JOIN customer_items i ON i.customer_id = c.id GROUP BY c.id`,
    )
    .all();
  db.close();
  expect(counts).toEqual([
    { email: 'small@example.com', n: 19 },
    { email: 'big@example.com', n: 1009 },
  ]);
  expect(median(big)).toBe(median(small));
});
