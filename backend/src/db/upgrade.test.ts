import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FAQ_CATEGORY_SLUGS } from '@washdesk/contract';
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

type Row = Record<string, unknown>;

/**
 * What a migration changes on purpose. Everything else must come through an upgrade unchanged;
 * each change here is named with its migration and checked on its own in the test below.
 */
const INTENDED_CHANGES: Record<string, { because: string; omit?: string[]; view?: (row: Row) => Row }> = {
  customers: {
    because:
      '0015 moves search_text into customer_terms; 0016 rebuilds the details of records only the matching wrote; 0036 joins such records that are one number',
    omit: ['search_text'],
    view: (row) =>
      row.updated_at === row.created_at
        ? {
            ...row,
            name: null,
            phone: null,
            email: null,
            address: null,
            last_activity_at: null,
            merged_into: null,
          }
        : row,
  },
  quote_deliveries: {
    because: "0037 names a text 'text', as the channel vocabulary does",
    view: (row) => ({ ...row, channel: row.channel === 'sms' ? 'text' : row.channel }),
  },
  submission_analyses: {
    because: '0038 keeps the price range and suggested total in cents',
    omit: ['price_low', 'price_high', 'suggested_total'],
  },
  sent_quotes: {
    because:
      "0044 keeps a sent quote's lines in cents (a dollar `subtotal` becomes `amountCents`) and adds add-ons",
    view: (row) => {
      type Line = {
        service: string;
        squareFeet: number | null;
        subtotal?: number | null;
        unitPriceCents?: number | null;
        amountCents?: number | null;
      };
      const doc = JSON.parse(String(row.document)) as {
        business: unknown;
        customerName: string;
        address: string | null;
        lines: Line[];
        addOns?: unknown[];
      };
      const lines = doc.lines.map((l) => ({
        service: l.service,
        squareFeet: l.squareFeet,
        unitPriceCents: l.unitPriceCents ?? null,
        amountCents: l.amountCents ?? (l.subtotal == null ? null : Math.round(l.subtotal * 100)),
      }));
      const document = {
        business: doc.business,
        customerName: doc.customerName,
        address: doc.address,
        lines,
        addOns: doc.addOns ?? [],
      };
      return { ...row, document: JSON.stringify(document) };
    },
  },
  customer_keys: { because: '0016 matches automatic records again', omit: ['customer_id'] },
  customer_items: { because: '0016 matches automatic records again', omit: ['customer_id'] },
  faq_entries: {
    because: "0017 stores the spec's category names",
    view: (row) => ({
      ...row,
      category: FAQ_CATEGORY_SLUGS[row.category as keyof typeof FAQ_CATEGORY_SLUGS] ?? row.category,
    }),
  },
};

/** Every row of every ordinary table (search indexes are derived, and rebuilt by their triggers). */
function rowsOf(file: string, columnsOf?: Map<string, string[]>, upgraded = true) {
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
    const rows = new Map<string, { columns: string[]; rows: Row[] }>();
    for (const table of columnsOf ? [...columnsOf.keys()] : tables) {
      const present = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      const omitted = (upgraded && INTENDED_CHANGES[table]?.omit) || [];
      const columns = (columnsOf?.get(table) ?? present).filter((c) => !columnsOf || !omitted.includes(c));
      const missing = columns.filter((c) => !present.includes(c));
      if (missing.length) throw new Error(`${table} lost column(s) ${missing.join(', ')} in the upgrade`);
      const list = columns.map((c) => `"${c}"`).join(', ');
      rows.set(table, { columns, rows: db.prepare(`SELECT ${list} FROM "${table}"`).all() as Row[] });
    }
    return rows;
  } finally {
    db.close();
  }
}

const comparable = (row: Row, columns: string[]) => JSON.stringify(columns.map((c) => row[c]));

/** `upgraded`: the migrations ran, so their INTENDED_CHANGES are let through (and checked apart). */
function expectEveryRowKept(before: ReturnType<typeof rowsOf>, database: string, upgraded = true) {
  const after = rowsOf(database, new Map([...before].map(([t, v]) => [t, v.columns])), upgraded);
  for (const [table, { rows }] of before) {
    const { columns, rows: afterRows } = after.get(table)!;
    const view = (upgraded && INTENDED_CHANGES[table]?.view) || ((row: Row) => row);
    const now = new Map<string, number>();
    for (const r of afterRows.map(view))
      now.set(comparable(r, columns), (now.get(comparable(r, columns)) ?? 0) + 1);
    const expected = rows.map((r) => comparable(view(r), columns));
    // Each old row is still there with the same values (a migration may add rows, never lose one).
    const lost = expected.filter((r) => {
      const left = now.get(r) ?? 0;
      now.set(r, left - 1);
      return left <= 0;
    });
    expect(lost, `rows of ${table} lost or changed by the upgrade`).toEqual([]);
  }
}

/** The changes INTENDED_CHANGES lets through, checked for what they promise. */
function expectIntendedChangesKept(before: ReturnType<typeof rowsOf>, database: string) {
  const db = new Database(database, { readonly: true });
  try {
    // 0015: what a record staff edited or merged had in its search text is still findable, as one
    // of its terms (0016 rebuilds the terms of the others from their rows).
    const earlier = db.prepare(
      "SELECT 1 FROM customer_terms WHERE customer_id = ? AND kind = 'earlier' AND term = ?",
    );
    const kept = before
      .get('customers')!
      .rows.filter((c) => c.merged_into === null && c.updated_at !== c.created_at);
    for (const c of kept) {
      const text = String(c.search_text ?? '').trim();
      if (text) expect(earlier.get(c.id, text), `customer ${String(c.id)}`).toBeDefined();
    }
    // 0016: a re-matched item or key still belongs to a record that exists.
    const orphans = db
      .prepare(
        `SELECT count(*) FROM (SELECT customer_id FROM customer_items UNION ALL SELECT customer_id FROM customer_keys)
         WHERE customer_id NOT IN (SELECT id FROM customers)`,
      )
      .pluck()
      .get();
    expect(orphans).toBe(0);
    // 0036: a record joined to another points at one that is kept, holding every row of both.
    const joined = db
      .prepare(
        `SELECT count(*) FROM customers c LEFT JOIN customers k ON k.id = c.merged_into
         WHERE c.merged_into IS NOT NULL AND (k.id IS NULL OR k.merged_into IS NOT NULL
           OR EXISTS (SELECT 1 FROM customer_items WHERE customer_id = c.id))`,
      )
      .pluck()
      .get();
    expect(joined).toBe(0);
    // 0038: every amount of every analysis, to the cent.
    const analyses = before.get('submission_analyses')!.rows;
    expect(analyses.length).toBeGreaterThan(0);
    const cents = db.prepare(`SELECT price_low_cents AS low, price_high_cents AS high,
      suggested_total_cents AS total FROM submission_analyses WHERE submission_id = ?`);
    for (const a of analyses)
      expect(cents.get(a.submission_id), `analysis of submission ${String(a.submission_id)}`).toEqual({
        low: Math.round(Number(a.price_low) * 100),
        high: Math.round(Number(a.price_high) * 100),
        total: Math.round(Number(a.suggested_total) * 100),
      });
  } finally {
    db.close();
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
    expectIntendedChangesKept(before, database);
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
    expectEveryRowKept(before, database, false);
    // And the backup holds that same database, proven by a restore.
    expect(await verifyBackup(config.backups.dir, backup!)).toMatchObject({ ok: true, problems: [] });
    expect(backup!.manifest.migrations.map((m) => m.version)).toEqual(
      schemaBefore.migrations.map(Number).sort((a, b) => a - b),
    );
  });

  it('that fails at every restart (a restart policy) keeps one backup of it, not one per try', async () => {
    const { config, database } = setUp({ '9001_bad_step.sql': 'INSERT INTO no_such_table VALUES (1);' });
    const tries: unknown[] = [];
    for (let restart = 0; restart < 11; restart++)
      tries.push(
        await startServer(config).then(
          () => null,
          (error: unknown) => error,
        ),
      );
    expect(tries.every((e) => e instanceof MigrationError)).toBe(true);
    const backups = backupFolder(config.backups.dir).good();
    expect(backups.map((b) => b.manifest.reason)).toEqual(['before-upgrade']);
    // Every try names that one backup, and it holds the database as it still is.
    for (const failure of tries) expect((failure as Error).message).toContain(backups[0]!.dir);
    expect(await verifyBackup(config.backups.dir, backups[0]!)).toMatchObject({ ok: true });
    expect(fs.existsSync(database)).toBe(true);

    // The database changed (here: a row written by an older build still running): a new backup, as it must.
    const db = new Database(database);
    db.prepare(
      "UPDATE faq_entries SET answer = 'changed since' WHERE id = (SELECT MIN(id) FROM faq_entries)",
    ).run();
    db.close();
    // Pruned like the others: with BACKUP_KEEP_HOURLY=1 only the newest stays.
    const keepOne = { ...config, backups: { ...config.backups, keepHourly: 1, keepDaily: 0 } };
    await expect(startServer(keepOne)).rejects.toBeInstanceOf(MigrationError);
    const kept = backupFolder(config.backups.dir).good();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.name).not.toBe(backups[0]!.name);
    expect(kept[0]!.manifest.upgrade?.sourceSha256).not.toBe(backups[0]!.manifest.upgrade?.sourceSha256);
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
