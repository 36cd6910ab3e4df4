import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations } from './migrate.ts';

export type Db = Database.Database;

/** Opens (or creates) the database file and brings its schema up to date. */
export function openDatabase(file: string, migrationsDir: string, options: { backup?: string } = {}): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // WAL lets the admin read while a webhook writes; the busy timeout rides out short locks.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    runMigrations(db, migrationsDir, options);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export const nowIso = () => new Date().toISOString();
