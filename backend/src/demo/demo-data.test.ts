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
