import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations } from '../db/migrate.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');

/**
 * A database as an older Washdesk left it (every migration before `version`), for a test that
 * writes rows the old way and then checks what migration `version` and later make of them.
 */
export function databaseBefore(version: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-migration-'));
  const older = path.join(dir, 'migrations');
  fs.mkdirSync(older);
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => Number(f.slice(0, 4)) < version))
    fs.copyFileSync(path.join(MIGRATIONS, file), path.join(older, file));
  const db = new Database(path.join(dir, 'old.sqlite'));
  runMigrations(db, older);
  return {
    db,
    /** Applies every migration of this version of Washdesk, as a start would. */
    upgrade: () => runMigrations(db, MIGRATIONS),
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
