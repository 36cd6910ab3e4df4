import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { backupFolder } from './backup-folder.ts';
import { takeBackup } from './take-backup.ts';
import { verifyBackup } from './verify-backup.ts';

const CHILD = path.resolve(import.meta.dirname, '../test/backup-child.ts');
const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
let dir: string;
let database: string;
let photoDir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-kill-'));
  database = path.join(dir, 'data', 'washdesk.sqlite');
  photoDir = path.join(dir, 'data', 'photos');
  fs.mkdirSync(photoDir, { recursive: true });
  const db = new Database(database);
  db.pragma('journal_mode = WAL');
  runMigrations(db, MIGRATIONS);
  const insert = db.prepare(
    "INSERT INTO faq_entries (question, answer, category, is_active, created_at, updated_at) VALUES (?, ?, 'general', 1, '2026-01-01', '2026-01-01')",
  );
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`Question ${i}?`, 'y'.repeat(1500));
  })();
  db.close();
  for (let i = 0; i < 4; i++) fs.writeFileSync(path.join(photoDir, `photo-${i}.jpg`), `photo bytes ${i}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Stage = 'database' | 'photos' | 'store';
const SAID: Record<Stage, string> = {
  database: 'the database copy',
  photos: 'the photos',
  store: 'the photo store',
};

/** The photo store's files (by checksum), without the scratch folder of copies not yet flushed. */
const photosInStore = (backupDir: string) =>
  fs.existsSync(path.join(backupDir, 'photos'))
    ? fs
        .readdirSync(path.join(backupDir, 'photos'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.parentPath.includes('.partial'))
        .map((e) => e.name)
    : [];

/** Starts a backup in a child process and SIGKILLs it once it reports being at `stage`. */
async function killBackupDuring(stage: Stage, backupDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, database, photoDir, backupDir, stage], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('stopped in')) resolve();
      if (out.includes('finished')) reject(new Error('the backup finished before it could be killed'));
    });
    child.once('exit', () => reject(new Error(`the child ended by itself: ${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return out;
}

// Each case forks a backup and then takes another (a process per database copy): no 30 s limit on a loaded machine.
describe('kill -9 during a backup', { timeout: 120_000 }, () => {
  for (const stage of ['database', 'photos', 'store'] as const) {
    it(`in the ${stage} leaves no half backup marked good, and the next backup is whole`, async () => {
      const backupDir = path.join(dir, `backups-${stage}`);
      const out = await killBackupDuring(stage, backupDir);
      expect(out).toContain(SAID[stage]);
      // A photo enters the store only once flushed with the rest: none while they are copied,
      // every one once the store's renames are flushed (the next backup trusts them unread).
      expect(photosInStore(backupDir)).toHaveLength(stage === 'store' ? 4 : 0);
      const folder = backupFolder(backupDir);
      // Something was written (a partial copy), but nothing counts as a backup.
      expect(folder.unfinished()).toHaveLength(1);
      expect(folder.good()).toEqual([]);
      expect(folder.newest()).toBeNull();

      // The lock of the killed process does not block the next backup, which clears the leftovers.
      const db = new Database(database, { readonly: true });
      try {
        const backup = await takeBackup({ db, photoDir, backupDir }, { reason: 'manual' });
        expect(folder.unfinished()).toEqual([]);
        expect(folder.good().map((b) => b.name)).toEqual([backup.name]);
        expect((await verifyBackup(backupDir, backup)).problems).toEqual([]);
      } finally {
        db.close();
      }
    });
  }
});
