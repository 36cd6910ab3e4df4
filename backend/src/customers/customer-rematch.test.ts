import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), label));
  dirs.push(dir);
  return dir;
};

it('re-examines records the old phone-only matching wrote, and leaves the ones staff edited or merged (issue 21, item 12)', () => {
  const config = loadConfig({ DATA_DIR: tempDir('washdesk-rematch-') });
  // A database as the matching of 0012 left it: the migrations before 0015 only.
  const before = tempDir('washdesk-migrations-');
  for (const file of fs.readdirSync(config.migrationsDir).filter((f) => f < '0015'))
    fs.copyFileSync(path.join(config.migrationsDir, file), path.join(before, file));
  let db = openDatabase(config.databaseFile, before);
  const request =
    db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
    service_type, urgency, description, created_at, updated_at)
    VALUES (?, ?, ?, ?, '1 Main St', 'Redway', 'house-washing', 'week', 'Moss', ?, ?)`);
  const call = db.prepare(`INSERT INTO calls (customer_name, phone_number, status, created_at, updated_at)
    VALUES (?, ?, 'completed', ?, ?)`);
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 10, 1, 9, minute++)).toISOString();
  const t = [at(), at(), at(), at(), at(), at(), at()];
  request.run('Owen', 'Greer', 'owen@example.com', '(707) 555-0142', t[0], t[0]);
  request.run('Maya', 'Brooks', 'maya@example.com', '707-555-0142', t[1], t[1]);
  request.run('Maya', 'Brooks', 'maya@example.com', '707-555-0142', t[2], t[2]);
  request.run('Dana', 'Whitfield', 'dana@example.com', '(707) 555-0123', t[3], t[3]);
  call.run(null, '+17075550123', t[4], t[4]);
  // Staff edited this record after Lee's request joined it: it stays as staff left it.
  request.run('Kim', 'Ortega', 'kim@example.com', '(530) 555-0177', t[5], t[5]);
  request.run('Lee', 'Holm', 'lee@example.com', '(530) 555-0177', t[6], t[6]);
  db.prepare("UPDATE customers SET address = '9 Elk Ridge Rd', updated_at = ? WHERE name = 'Kim Ortega'").run(
    at(),
  );
  const idOf = (name: string) => db.prepare('SELECT id FROM customers WHERE name = ?').pluck().get(name);
  const [owenId, danaId, kimId] = [idOf('Owen Greer'), idOf('Dana Whitfield'), idOf('Kim Ortega')];
  expect(idOf('Maya Brooks')).toBeUndefined();
  db.close();

  db = openDatabase(config.databaseFile, config.migrationsDir);
  const records = db
    .prepare(
      `SELECT c.id, c.name, c.email, group_concat(i.kind || ' ' || i.source_id, ', ' ORDER BY i.at) AS items
      FROM customers c JOIN customer_items i ON i.customer_id = c.id
      WHERE c.merged_into IS NULL GROUP BY c.id ORDER BY c.id`,
    )
    .all();
  const suggested = db.prepare('SELECT customer_id, other_id, reason FROM customer_duplicates').all();
  const byName = db
    .prepare(
      `SELECT DISTINCT t.customer_id FROM customer_terms_search s JOIN customer_terms t ON t.id = s.rowid
      WHERE customer_terms_search MATCH '"Brooks"'`,
    )
    .pluck()
    .all();
  db.close();
  const mayaId = (records as { id: number; name: string }[]).find((r) => r.name === 'Maya Brooks')?.id;
  expect(records).toEqual([
    { id: owenId, name: 'Owen Greer', email: 'owen@example.com', items: 'request 1' },
    { id: danaId, name: 'Dana Whitfield', email: 'dana@example.com', items: 'request 4, call 1' },
    { id: kimId, name: 'Kim Ortega', email: 'kim@example.com', items: 'request 5, request 6' },
    { id: mayaId, name: 'Maya Brooks', email: 'maya@example.com', items: 'request 2, request 3' },
  ]);
  expect(suggested).toEqual([{ customer_id: owenId, other_id: mayaId, reason: 'same phone (707) 555-0142' }]);
  expect(byName).toEqual([mayaId]);
});
