import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations } from '../../backend/src/db/migrate.ts';

// What the foundation checks (money, phone numbers, channels) read: our own source, without
// tests, and the schema a fresh database gets from the migrations.

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['contract/src', 'backend/src', 'admin/src', 'public-site/src', 'desktop/src'];

/** Every source file (not a test, not a test helper), as [path from the root, text]. */
export function sourceFiles(): [string, string][] {
  const files: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'test', 'e2e', 'fixtures', 'eval'].includes(entry.name)) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|security\.test|bench)\.tsx?$/.test(entry.name)) {
        files.push([path.relative(ROOT, full), fs.readFileSync(full, 'utf8')]);
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(ROOT, dir));
  return files;
}

/** The 1-based line of an offset in a text, for messages that name where. */
export const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** A fresh database, migrated by every migration of this build (in memory). */
export function freshSchema() {
  const db = new Database(':memory:');
  runMigrations(db, path.join(ROOT, 'backend/migrations'));
  return db;
}
