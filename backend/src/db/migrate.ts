import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { phoneKeyOf } from '@washdesk/contract';

export class MigrationError extends Error {}

interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function readMigrations(dir: string): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort()
    .map((file) => {
      const [, version, name] = FILE_PATTERN.exec(file)!;
      return { version: Number(version), name: name!, sql: fs.readFileSync(path.join(dir, file), 'utf8') };
    });
}

function ensureMigrationTable(db: Database.Database) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
}

const nameOf = (m: { version: number; name: string }) => `${String(m.version).padStart(4, '0')}_${m.name}`;

/**
 * The migrations this build would apply to a database, in order. A database that records a
 * migration this build does not know was written by a newer Washdesk; opening it could corrupt
 * data, so we refuse.
 */
export function pendingMigrations(db: Database.Database, dir: string): Migration[] {
  const known = readMigrations(dir);
  const knownVersions = new Set(known.map((m) => m.version));
  const hasTable = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  const applied = hasTable
    ? (db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as {
        version: number;
        name: string;
      }[])
    : [];
  const unknown = applied.filter((m) => !knownVersions.has(m.version));
  if (unknown.length > 0) {
    throw new MigrationError(
      `This database was written by a newer version of Washdesk (it has migration ${unknown.map(nameOf).join(', ')}, ` +
        `which this version does not know). Upgrade Washdesk, or point DATA_DIR at another folder.`,
    );
  }
  const appliedVersions = new Set(applied.map((m) => m.version));
  return known.filter((m) => !appliedVersions.has(m.version));
}

/**
 * `phone_key(text)`: the contract's one phone rule, for the triggers that match customers and file
 * leads (migration 0036). Registered on every connection that migrates, which is every connection
 * that writes (openDatabase migrates first); a connection without it cannot fire those triggers.
 */
export function registerPhoneKey(db: Database.Database) {
  db.function('phone_key', { deterministic: true }, (typed: unknown) =>
    phoneKeyOf(typeof typed === 'string' ? typed : null),
  );
}

/**
 * Forward-only: applies every pending migration in ONE transaction, so an upgrade that fails
 * midway leaves the database exactly as it was (SQLite's schema changes are transactional).
 * `backup` names the copy taken just before (see backups/backup-before-upgrade.ts), for the error.
 */
export function runMigrations(db: Database.Database, dir: string, options: { backup?: string } = {}): number {
  registerPhoneKey(db);
  ensureMigrationTable(db);
  const pending = pendingMigrations(db, dir);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  let current: Migration | undefined;
  try {
    db.transaction(() => {
      for (const m of pending) {
        current = m;
        db.exec(m.sql);
        record.run(m.version, m.name, new Date().toISOString());
      }
    })();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Upgrading the database failed in migration ${current ? nameOf(current) : '?'}: ${reason}\n` +
        'No migration was applied: the database is as it was before the upgrade.' +
        (options.backup ? `\nThe backup taken just before the upgrade is in ${options.backup}.` : ''),
    );
  }
  return readMigrations(dir).length;
}
