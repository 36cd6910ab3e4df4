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
    // The admin reads many lists in turn (issue 38): SQLite's default page cache (2 MB) lost one
    // list's pages to the next, and each page read again cost a system call and a copy. 64 MB
    // holds the lists' working pages at 100,000 rows each (npm run bench -- lists: the server's CPU
    // per page 2.6-2.7 ms before, 2.3 after); it fills only as pages are read.
    db.pragma('cache_size = -65536');
    runMigrations(db, migrationsDir, options);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export const nowIso = () => new Date().toISOString();
