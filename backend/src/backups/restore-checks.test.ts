import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { backupFolder } from './backup-folder.ts';
import { DATABASE_FILE, writeManifest } from './backup-manifest.ts';
import { sha256OfFile } from './checksums.ts';
import { DATABASE_CHECK_FILE, databaseCheckOf } from './database-check-record.ts';
import { integrityProvenAtBackup, restoreBackup, RestoreError } from './restore-backup.ts';
import { tableRowCounts } from './row-counts.ts';
import { takeBackup } from './take-backup.ts';

// What a restore refuses now that it trusts the backup's own integrity_check for bytes whose
// checksum it has just read: one byte changed anywhere is still refused, and a backup without that
// record is checked in full. Real files, real SQLite, the real child processes.

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
let dir: string;
let photoDir: string;
let db: Database.Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-restore-checks-'));
  photoDir = path.join(dir, 'photos');
  fs.mkdirSync(photoDir);
  for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(photoDir, `p${i}.jpg`), `photo ${i} `.repeat(100));
  db = new Database(path.join(dir, 'washdesk.sqlite'));
  db.pragma('journal_mode = WAL');
  runMigrations(db, MIGRATIONS);
  const insert = db.prepare(
    "INSERT INTO faq_entries (question, answer, category, created_at, updated_at) VALUES (?, ?, 'general', 'x', 'x')",
  );
  for (let i = 0; i < 300; i++) insert.run(`Q${i}`, 'a'.repeat(500));
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A backup whose integrity_check has passed and is recorded. */
const freshBackup = async () => {
  const backupDir = fs.mkdtempSync(path.join(dir, 'backups-'));
  const backup = await takeBackup({ db, photoDir, backupDir }, { reason: 'manual' });
  expect((await backup.checked)?.problems).toEqual([]);
  expect(databaseCheckOf(backup.dir)?.sha256).toBe(backup.manifest.database.sha256);
  expect(integrityProvenAtBackup(backup)).toBe(true);
  return { backupDir, backup };
};
const flipOneByte = (file: string, at: number) => {
  const bytes = fs.readFileSync(file);
  bytes[at] = bytes[at]! ^ 0x01;
  fs.writeFileSync(file, bytes);
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

/**
 * A database SQLite opens and reads, whose index disagrees with its table: one byte of the
 * index's only page (the row id its last entry points at) changed. Only integrity_check sees it.
 */
function databaseWithBrokenIndex(file: string) {
  const broken = new Database(file);
  broken.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  broken.exec('CREATE TABLE visits (id INTEGER PRIMARY KEY, town TEXT NOT NULL)');
  broken.exec('CREATE INDEX visits_town ON visits (town)');
  const insert = broken.prepare('INSERT INTO visits (town) VALUES (?)');
  for (const town of ['Arcata', 'Eureka', 'Fortuna', 'Garberville', 'Redway']) insert.run(town);
  const root = broken.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'visits_town'").pluck().get();
  const pageSize = broken.pragma('page_size', { simple: true }) as number;
  broken.close();
  flipOneByte(file, (root as number) * pageSize - 1);
  const check = new Database(file, { readonly: true });
  try {
    // It still reads (a count answers), and yet it is damaged.
    expect(check.prepare('SELECT COUNT(*) FROM visits').pluck().get()).toBe(5);
    expect(check.pragma('integrity_check', { simple: true })).not.toBe('ok');
  } finally {
    check.close();
  }
}

describe('a restore', () => {
  it('refuses a backup with one byte of its database changed, and leaves the folder as it was', async () => {
    const { backupDir, backup } = await freshBackup();
    flipOneByte(path.join(backup.dir, DATABASE_FILE), 6000);
    const dataDir = path.join(dir, 'restored-db-byte');
    const refused = await refusal(restoreBackup({ backupDir, which: backup.name, dataDir }));
    expect(refused).toBeInstanceOf(RestoreError);
    expect(refused!.message).toContain('The database file does not match its checksum in the manifest.');
    expect(fs.readdirSync(dataDir).filter((e) => e !== 'server.lock')).toEqual([]);
  });

  it('refuses a backup with one byte of one photo changed', async () => {
    const { backupDir, backup } = await freshBackup();
    const photo = backup.manifest.photos[1]!;
    flipOneByte(backupFolder(backupDir).photoBlob(photo.sha256), 10);
    const dataDir = path.join(dir, 'restored-photo-byte');
    const refused = await refusal(restoreBackup({ backupDir, which: backup.name, dataDir }));
    expect(refused).toBeInstanceOf(RestoreError);
    expect(refused!.message).toContain(`Photo ${photo.name} does not match its checksum in the manifest.`);
    expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(false);
  });

  it('runs integrity_check itself on a backup whose check was not recorded, and refuses a damaged one', async () => {
    const { backupDir, backup } = await freshBackup();
    // A backup whose check never finished (its process was killed, or it is older than the
    // record), of a damaged database its manifest describes byte for byte.
    fs.rmSync(path.join(backup.dir, DATABASE_CHECK_FILE));
    const file = path.join(backup.dir, DATABASE_FILE);
    fs.rmSync(file);
    databaseWithBrokenIndex(file);
    const copy = new Database(file, { readonly: true });
    const rowCounts = tableRowCounts(copy);
    copy.close();
    writeManifest(backup.dir, {
      ...backup.manifest,
      database: {
        ...backup.manifest.database,
        bytes: fs.statSync(file).size,
        sha256: await sha256OfFile(file),
      },
      rowCounts,
    });
    const dataDir = path.join(dir, 'restored-unchecked');
    const refused = await refusal(restoreBackup({ backupDir, which: 'latest', dataDir }));
    expect(refused).toBeInstanceOf(RestoreError);
    expect(refused!.message).toMatch(/integrity_check: /);
    expect(refused!.message).not.toContain('checksum');
  });
});

describe('a backup of a damaged database', () => {
  it('records what integrity_check found, and a restore of it is refused', async () => {
    const file = path.join(dir, 'damaged.sqlite');
    databaseWithBrokenIndex(file);
    const damaged = new Database(file, { readonly: true });
    const backupDir = path.join(dir, 'backups-of-damaged');
    try {
      const backup = await takeBackup({ db: damaged, photoDir, backupDir }, { reason: 'manual' });
      const check = await backup.checked;
      expect(check?.problems).toEqual([expect.stringMatching(/^integrity_check: /)]);
      expect(databaseCheckOf(backup.dir)).toEqual(check);
      expect(integrityProvenAtBackup(backup)).toBe(false);
      const refused = await refusal(
        restoreBackup({ backupDir, which: backup.name, dataDir: path.join(dir, 'restored-damaged') }),
      );
      expect(refused).toBeInstanceOf(RestoreError);
      expect(refused!.message).toMatch(/integrity_check: /);
    } finally {
      damaged.close();
    }
  });
});
