import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

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

/**
 * Forward-only: applies each migration not yet recorded, one transaction each. A database that
 * records a migration this build does not know was written by a newer Washdesk; opening it could
 * corrupt data, so we refuse.
 */
export function runMigrations(db: Database.Database, dir: string): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const known = readMigrations(dir);
  const knownVersions = new Set(known.map((m) => m.version));
  const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as {
    version: number;
    name: string;
  }[];
  const unknown = applied.filter((m) => !knownVersions.has(m.version));
  if (unknown.length > 0) {
    const names = unknown.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`).join(', ');
    throw new MigrationError(
      `This database was written by a newer version of Washdesk (it has migration ${names}, ` +
        `which this version does not know). Upgrade Washdesk, or point DATA_DIR at another folder.`,
    );
  }
  const appliedVersions = new Set(applied.map((m) => m.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of known) {
    if (appliedVersions.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
  }
  return known.length;
}
