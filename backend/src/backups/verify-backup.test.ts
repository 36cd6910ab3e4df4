import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { backupFolder, type GoodBackup } from './backup-folder.ts';
import { DATABASE_FILE, writeManifest } from './backup-manifest.ts';
import { takeBackup } from './take-backup.ts';
import { verifyBackup } from './verify-backup.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
let dir: string;
let photoDir: string;
let db: Database.Database;
let backupDir: string;
let backup: GoodBackup;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-verify-test-'));
  photoDir = path.join(dir, 'photos');
  fs.mkdirSync(photoDir);
  for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(photoDir, `p${i}.jpg`), `photo ${i}`);
  db = new Database(path.join(dir, 'washdesk.sqlite'));
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
// Each test damages a fresh backup of its own.
beforeEach(async () => {
  backupDir = fs.mkdtempSync(path.join(dir, 'backups-'));
  backup = await takeBackup({ db, photoDir, backupDir }, { reason: 'manual' });
});

describe('npm run backup:verify', () => {
  it('passes a whole backup and records when it was proven', async () => {
    const result = await verifyBackup(backupDir, backup, new Date('2026-11-25T11:10:00Z'));
    expect(result).toEqual({ backup: backup.name, at: '2026-11-25T11:10:00.000Z', ok: true, problems: [] });
    expect(JSON.parse(fs.readFileSync(path.join(backup.dir, 'verified.json'), 'utf8'))).toEqual(result);
  });

  it('catches a truncated database file', async () => {
    const file = path.join(backup.dir, DATABASE_FILE);
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    const result = await verifyBackup(backupDir, backup);
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(
      `The database file has ${fs.statSync(file).size} bytes; the manifest says ${backup.manifest.database.bytes}.`,
    );
    // Opened, the half file is found damaged too, whatever its checksum said.
    expect(
      result.problems.some((p) => /integrity_check|cannot be read|rows; the manifest says/.test(p)),
    ).toBe(true);
  });

  it('catches a missing photo', async () => {
    const gone = backup.manifest.photos[1]!;
    fs.rmSync(backupFolder(backupDir).photoBlob(gone.sha256));
    const result = await verifyBackup(backupDir, backup);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      `Photo ${gone.name} is missing from the backup (${backupFolder(backupDir).photoBlob(gone.sha256)}).`,
    ]);
  });

  it('catches a changed row count', async () => {
    // A manifest that promises one more FAQ entry than the copy holds.
    const counts = { ...backup.manifest.rowCounts, faq_entries: backup.manifest.rowCounts.faq_entries! + 1 };
    writeManifest(backup.dir, { ...backup.manifest, rowCounts: counts });
    const result = await verifyBackup(backupDir, {
      ...backup,
      manifest: { ...backup.manifest, rowCounts: counts },
    });
    expect(result.problems).toEqual([`Table faq_entries has 300 rows; the manifest says 301.`]);
  });

  it('catches a photo whose bytes changed', async () => {
    const changed = backup.manifest.photos[0]!;
    fs.writeFileSync(backupFolder(backupDir).photoBlob(changed.sha256), 'not the photo');
    const result = await verifyBackup(backupDir, backup);
    expect(result.problems).toEqual([`Photo ${changed.name} does not match its checksum in the manifest.`]);
  });
});
