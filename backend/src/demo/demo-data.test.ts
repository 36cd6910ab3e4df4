import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { reportRepository } from '../reports/report.repository.ts';
import { statsRepository } from '../stats/stats.repository.ts';
import { seedDemoData } from './demo-data.ts';
import { DEMO_CALLS } from './demo-texts.ts';

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

async function demoDatabase(now: Date) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-demo-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  await seedDemoData(db, config, now);
  return { db, config };
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

describe('demo data that adds up', () => {
  const now = new Date('2026-11-25T19:00:00Z');

  it('has no call in progress: nothing would ever end a demo call', async () => {
    const { db } = await demoDatabase(now);
    const statuses = db.prepare('SELECT DISTINCT status FROM calls').pluck().all();
    expect(statuses).not.toContain('in-progress');
    expect(statuses).toContain('completed');
    db.close();
  });

  it('gives every answered call the turns its summary tells of, and a booking call the visit it booked', async () => {
    const { db } = await demoDatabase(now);
    const calls = db
      .prepare("SELECT id, summary, created_at AS createdAt FROM calls WHERE status = 'completed'")
      .all() as { id: number; summary: string; createdAt: string }[];
    const turnsOf = db.prepare(
      'SELECT customer_message AS caller, ai_response AS assistant, created_at AS at FROM ai_responses WHERE call_id = ? ORDER BY created_at, id',
    );
    const bookedBy = db.prepare(
      'SELECT scheduled_date AS date, preferred_time AS time, created_at AS bookedAt FROM appointments WHERE call_id = ?',
    );
    let bookings = 0;
    for (const call of calls) {
      const turns = turnsOf.all(call.id) as { caller: string; assistant: string; at: string }[];
      expect(turns.length, call.summary).toBeGreaterThan(0);
      for (const turn of turns) expect(turn.at >= call.createdAt && turn.at <= now.toISOString()).toBe(true);
      const told = DEMO_CALLS.find((c) => c.summary === call.summary);
      const booked = bookedBy.get(call.id) as { date: string; time: string; bookedAt: string } | undefined;
      if (told) {
        expect(turns.map((t) => t.caller)).toEqual(told.turns.map((t) => t.caller));
        expect(booked).toBeUndefined();
      } else {
        // The only other summary: the booking, naming the time of the visit it is linked to.
        expect(call.summary).toMatch(/^Booked a free estimate for /);
        expect(booked).toBeDefined();
        expect(call.summary).toContain(`at ${booked!.time}.`);
        expect(turns.at(-1)!.assistant).toContain(`at ${booked!.time}`);
        expect(booked!.bookedAt).toBe(call.createdAt);
        bookings++;
      }
    }
    expect(bookings).toBeGreaterThan(0);
    db.close();
  });

  it('books each appointment before its visit and counts it in the week it was booked', async () => {
    const { db, config } = await demoDatabase(now);
    const appointments = db
      .prepare('SELECT scheduled_date AS date, created_at AS bookedAt FROM appointments')
      .all() as { date: string; bookedAt: string }[];
    for (const a of appointments) {
      expect(a.bookedAt <= now.toISOString()).toBe(true);
      expect(a.bookedAt.slice(0, 10) <= a.date).toBe(true);
    }
    const weeks = reportRepository(db, config.timeZone).weekly(8, now);
    expect(weeks[0]!.bookings).toBeLessThan(appointments.length);
    expect(weeks.reduce((sum, w) => sum + w.bookings, 0)).toBe(appointments.length);
    db.close();
  });
});

describe('demo customers', () => {
  it('are one person each: every row on a timeline carries the record’s name or none, their e-mail, their number', async () => {
    const { db } = await demoDatabase(new Date('2026-11-22T20:00:00Z'));
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
