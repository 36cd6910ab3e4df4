import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../src/db/database.ts';
import { seedVolume } from '../src/demo/volume-data.ts';
import { seedMoney } from '../src/test/money-fixtures.ts';

/**
 * Every admin list at `rows` rows: photo submissions, calls and visits (seedVolume), wizard
 * requests from as many people (so as many customers and leads, through the channels' triggers),
 * the assistant's answers, Messenger conversations and text threads. Row 0 is the newest.
 */
export function seedLists(db: Database, rows: number, now = Date.now()) {
  seedVolume(db, { submissions: rows, calls: rows, appointments: rows, withPhotoRows: true }, now);
  const request =
    db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
    service_type, urgency, description, status, created_at, updated_at)
    VALUES ('Ana', ?, ?, ?, ?, 'Garberville', 'house-washing', 'week', 'Green streaks on the north side', ?, ?, ?)`);
  const answer =
    db.prepare(`INSERT INTO ai_responses (channel, call_id, customer_message, ai_response, intent,
    response_time_ms, created_at) VALUES ('phone', ?, 'Do you wash roofs?', 'Yes, we do soft washing of roofs.', 'services', 420, ?)`);
  const conversation =
    db.prepare(`INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name,
    status, last_message_at, created_at) VALUES (?, 'Eli', ?, ?, ?, ?)`);
  const thread = db.prepare(`INSERT INTO text_threads (phone, last_message_at, created_at) VALUES (?, ?, ?)`);
  const requestStatuses = ['new', 'contacted', 'scheduled', 'closed'];
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const at = new Date(now - i * 43_000).toISOString();
      const phone = `(707) ${String(200 + Math.floor(i / 10_000))}-${String(i % 10_000).padStart(4, '0')}`;
      request.run(
        `Smith No${i}`,
        `customer${i}@example.com`,
        phone,
        `${1 + (i % 999)} Redwood Dr, Garberville`,
        requestStatuses[i % 4],
        at,
        at,
      );
      answer.run(1 + (i % 1000), at);
      conversation.run(`psid-${i}`, `Lopez No${i}`, i % 5 === 0 ? 'archived' : 'active', at, at);
      thread.run(`+1${String(5_000_000_000 + i)}`, at, at);
    }
  })();
}

/**
 * The money lists at `rows` rows: as many invoices (with their lines and jobs) and about as many
 * ledger rows, over two years, on the customers already seeded (seedLists).
 */
export function seedMoneyLists(db: Database, rows: number, now = Date.now()) {
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const ids = (sql: string) => db.prepare(sql).pluck().all(rows) as number[];
  seedMoney(db, {
    invoices: rows,
    payments: rows,
    from: day(-730),
    days: 720,
    openSince: day(-60),
    customerIds: ids('SELECT id FROM customers ORDER BY id LIMIT ?'),
    leadIds: ids('SELECT id FROM leads ORDER BY id LIMIT ?'),
  });
}

/**
 * A seeded database file kept in the temporary folder between runs (seeding 100,000 rows per list
 * takes minutes): the first run seeds it, later ones copy it, and the server brings a copy up to
 * its own migrations as it starts (so a run of an older commit, before and after a change, reads
 * the same rows).
 */
export function cachedSeed(name: string, seed: (db: Database) => void, base?: string): string {
  const migrations = path.resolve(import.meta.dirname, '../migrations');
  const file = path.join(os.tmpdir(), `washdesk-bench-${name}.sqlite`);
  if (!fs.existsSync(file)) {
    const started = performance.now();
    const partial = `${file}.partial`;
    fs.rmSync(partial, { force: true });
    // A layer over another cached seed starts from a copy of it.
    if (base) fs.copyFileSync(base, partial);
    const db = openDatabase(partial, migrations);
    seed(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    db.close();
    fs.renameSync(partial, file);
    process.stdout.write(
      `Seeded ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s (kept in ${file})\n`,
    );
  }
  return file;
}
