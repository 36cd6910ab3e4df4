import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { faqEntrySchema } from '@washdesk/contract';
import { runMigrations } from '../db/migrate.ts';
import { faqRepository } from './faq.repository.ts';

// Migration 0017 renames the slugs earlier versions stored ("service-areas") to the spec's names
// ("Service Areas"), so what GET /api/faq answers for an old database is what the spec says.

const migrations = path.resolve(import.meta.dirname, '../../migrations');
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("renames every stored slug to the spec's category name", () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-migration-'));
  const before = path.join(dir, 'migrations');
  fs.mkdirSync(before);
  for (const file of fs.readdirSync(migrations).filter((f) => Number(f.slice(0, 4)) < 17))
    fs.copyFileSync(path.join(migrations, file), path.join(before, file));
  const db = new Database(path.join(dir, 'old.sqlite'));
  try {
    runMigrations(db, before);
    const insert = db.prepare(`INSERT INTO faq_entries (question, answer, category, created_at, updated_at)
      VALUES (?, 'A.', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const slugs = ['services', 'pricing', 'service-areas', 'process', 'scheduling', 'general'];
    for (const slug of slugs) insert.run(`About ${slug}?`, slug);

    runMigrations(db, migrations);

    const entries = faqEntrySchema.array().parse(faqRepository(db).list());
    expect(Object.fromEntries(entries.map((e) => [e.question, e.category]))).toEqual({
      'About services?': 'Services',
      'About pricing?': 'Pricing',
      'About service-areas?': 'Service Areas',
      'About process?': 'Process',
      'About scheduling?': 'Scheduling',
      'About general?': 'General',
    });
  } finally {
    db.close();
  }
});
