import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { statsRepository } from '../stats/stats.repository.ts';
import { seedDemoData } from './demo-data.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Seeds a fresh demo database as if the clock read `now`, and counts what the dashboard would. */
async function statsAt(now: Date) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-demo-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  await seedDemoData(db, config, now);
  const stats = statsRepository(db, config.timeZone).compute(now);
  const future = db
    .prepare('SELECT COUNT(*) AS n FROM photo_submissions WHERE created_at > ?')
    .get(now.toISOString()) as { n: number };
  db.close();
  return { stats, future: future.n };
}

describe('demo data at any time of day', () => {
  it.each([
    ['just after midnight in California', '2026-11-22T08:00:30Z'],
    ['early morning', '2026-11-22T14:10:00Z'],
    ['late evening', '2026-11-23T07:30:00Z'],
  ])('has submissions today and none in the future, %s', async (_label, iso) => {
    const { stats, future } = await statsAt(new Date(iso));
    expect(stats.todaySubmissions).toBeGreaterThan(0);
    expect(stats.yesterdaySubmissions).toBeGreaterThan(0);
    expect(future).toBe(0);
    expect(stats.todayAppointments).toBeGreaterThan(0);
  });
});

describe('demo customers', () => {
  it('are one person each: every row on a timeline carries the record’s name or none, their e-mail, their number', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-demo-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    const db = openDatabase(config.databaseFile, config.migrationsDir);
    await seedDemoData(db, config, new Date('2026-11-22T20:00:00Z'));
    const strangers = db
      .prepare(
        `SELECT c.name AS record, i.kind, x.name AS row FROM customer_items i JOIN customers c ON c.id = i.customer_id
        JOIN (SELECT 'request' AS kind, id, first_name || ' ' || last_name AS name FROM service_requests
          UNION ALL SELECT 'submission', id, first_name || ' ' || last_name FROM photo_submissions
          UNION ALL SELECT 'call', id, customer_name FROM calls
          UNION ALL SELECT 'appointment', id, customer_name FROM appointments) x
          ON x.kind = i.kind AND x.id = i.source_id
        WHERE x.name IS NOT NULL AND x.name <> c.name`,
      )
      .all();
    const wrongEmails = db
      .prepare(
        `SELECT name, email FROM customers WHERE email IS NOT NULL
        AND email <> lower(replace(name, ' ', '.')) || '@example.com'`,
      )
      .all();
    const records = db.prepare('SELECT count(*) FROM customers WHERE merged_into IS NULL').pluck().get();
    // Nobody shares a number with a stranger, and a visit the assistant booked is the caller's.
    const suggested = db.prepare('SELECT count(*) FROM customer_duplicates').pluck().get();
    const bookedForOthers = db
      .prepare(
        `SELECT a.customer_name, c.customer_name AS caller FROM appointments a JOIN calls c ON c.id = a.call_id
        WHERE a.customer_phone <> c.phone_number OR a.customer_name <> IFNULL(c.customer_name, a.customer_name)`,
      )
      .all();
    db.close();
    expect(suggested).toBe(0);
    expect(bookedForOthers).toEqual([]);
    expect(strangers).toEqual([]);
    expect(wrongEmails).toEqual([]);
    expect(records).toBeGreaterThan(50);
  });
});
