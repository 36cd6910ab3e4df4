import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { backupFolder } from '../backups/backup-folder.ts';
import { verifyBackup } from '../backups/verify-backup.ts';
import { startServer } from '../start.ts';
import { MigrationError } from './migrate.ts';

// Upgrades that cannot lose data: a database made by the released schema (0001–0014, a committed
// fixture) is migrated forward by whatever migrations this build has, and every row of the
// fixture's tables is still there afterwards, column by column. Tables and columns are read from
// the fixture, not fixed here, so the test holds as new migrations land.

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'washdesk-schema-0014.sqlite');
const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function setUp(extra: Record<string, string> = {}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-upgrade-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  fs.copyFileSync(FIXTURE, path.join(dataDir, 'washdesk.sqlite'));
  const migrationsDir = path.join(dir, 'migrations');
  fs.cpSync(MIGRATIONS, migrationsDir, { recursive: true });
  for (const [file, sql] of Object.entries(extra)) fs.writeFileSync(path.join(migrationsDir, file), sql);
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dir, 'backups'),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
    }),
    migrationsDir,
  };
  return { config, database: path.join(dataDir, 'washdesk.sqlite') };
}

/** Every row of every ordinary table (search indexes are derived, and rebuilt by their triggers). */
function rowsOf(file: string, columnsOf?: Map<string, string[]>) {
  const db = new Database(file, { readonly: true });
  try {
    const virtual = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[]
    ).filter((t) => t !== 'schema_migrations' && !virtual.some((v) => t === v || t.startsWith(`${v}_`)));
    const rows = new Map<string, { columns: string[]; rows: string[] }>();
    for (const table of columnsOf ? [...columnsOf.keys()] : tables) {
      const present = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      const columns = columnsOf?.get(table) ?? present;
      const missing = columns.filter((c) => !present.includes(c));
      if (missing.length) throw new Error(`${table} lost column(s) ${missing.join(', ')} in the upgrade`);
      const list = columns.map((c) => `"${c}"`).join(', ');
      const all = db.prepare(`SELECT ${list} FROM "${table}"`).raw().all() as unknown[][];
      rows.set(table, { columns, rows: all.map((r) => JSON.stringify(r)).sort() });
    }
    return rows;
  } finally {
    db.close();
  }
}

function expectEveryRowKept(before: ReturnType<typeof rowsOf>, database: string) {
  const after = rowsOf(database, new Map([...before].map(([t, v]) => [t, v.columns])));
  for (const [table, { rows }] of before) {
    const now = new Map<string, number>();
    for (const r of after.get(table)!.rows) now.set(r, (now.get(r) ?? 0) + 1);
    // Each old row is still there with the same values (a migration may add rows, never lose one).
    const lost = rows.filter((r) => {
      const left = now.get(r) ?? 0;
      now.set(r, left - 1);
      return left <= 0;
    });
    expect(lost, `rows of ${table} lost or changed by the upgrade`).toEqual([]);
  }
}

describe('upgrading a database made by the released schema', () => {
  it('keeps every row, after a backup the server names', async () => {
    // A migration of our own at the end, so there is always something to apply (and back up first).
    const { config, database } = setUp({
      '9000_upgrade_probe.sql': 'ALTER TABLE customers ADD COLUMN upgrade_probe TEXT;',
    });
    const before = rowsOf(database);
    expect([...before.values()].reduce((n, t) => n + t.rows.length, 0)).toBeGreaterThan(500);

    const running = await startServer(config, { reportError: () => undefined });
    try {
      const [backup] = backupFolder(config.backups.dir).good();
      expect(backup?.manifest.reason).toBe('before-upgrade');
      const pending = fs.readdirSync(config.migrationsDir).filter((f) => /^\d{4}_/.test(f)).length - 14;
      expect(running.notices).toContain(
        `Backed up the database and photos to ${backup!.dir} before applying ${pending} migration(s).`,
      );
      expect((await verifyBackup(config.backups.dir, backup!)).ok).toBe(true);
    } finally {
      await running.close();
    }
    expectEveryRowKept(before, database);
  });

  it('that fails midway leaves the database as it was, and the error names the backup', async () => {
    const { config, database } = setUp({
      '9000_good_step.sql':
        "CREATE TABLE upgrade_probe (id INTEGER); UPDATE faq_entries SET answer = 'changed';",
      '9001_bad_step.sql': 'INSERT INTO no_such_table VALUES (1);',
    });
    const schemaOf = () => {
      const db = new Database(database, { readonly: true });
      const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
      const migrations = db.prepare('SELECT version FROM schema_migrations').pluck().all();
      db.close();
      return { schema, migrations };
    };
    const before = rowsOf(database);
    const schemaBefore = schemaOf();

    const failure = await startServer(config).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    const [backup] = backupFolder(config.backups.dir).good();
    expect((failure as Error).message).toBe(
      'Upgrading the database failed in migration 9001_bad_step: no such table: no_such_table\n' +
        'No migration was applied: the database is as it was before the upgrade.\n' +
        `The backup taken just before the upgrade is in ${backup!.dir}.`,
    );
    expect(schemaOf()).toEqual(schemaBefore);
    expectEveryRowKept(before, database);
    // And the backup holds that same database, proven by a restore.
    expect(await verifyBackup(config.backups.dir, backup!)).toMatchObject({ ok: true, problems: [] });
    expect(backup!.manifest.migrations.map((m) => m.version)).toEqual(
      schemaBefore.migrations.map(Number).sort((a, b) => a - b),
    );
  });

  it('refuses a database from a newer version before writing anything, backups included', async () => {
    const { config, database } = setUp();
    const db = new Database(database);
    db.prepare("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', '2027-01-01')").run();
    db.close();
    await expect(startServer(config)).rejects.toThrow(/newer version of Washdesk/);
    expect(fs.existsSync(config.backups.dir)).toBe(false);
  });
});
