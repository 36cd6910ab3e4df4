import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { incomingDir } from '../photos/photo.storage.ts';
import { backupFolder } from './backup-folder.ts';
import { copyBackupInto } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

// An instant quote answers once its upload is stored in photos-incoming/, before it is stripped
// (issue 38): that upload is an acknowledged write, so a backup taken before it is processed keeps
// it, and a restore puts it back where the next start processes it.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `washdesk-${name}-`));
  dirs.push(dir);
  return dir;
};

it('keeps an upload not yet stripped, and restores it to be processed', async () => {
  const config = loadConfig({ DATA_DIR: tempDir('pending-photos') });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  fs.mkdirSync(config.photoDir, { recursive: true });
  fs.mkdirSync(incomingDir(config), { recursive: true });
  fs.writeFileSync(path.join(config.photoDir, 'ready.jpg'), 'stripped bytes');
  fs.writeFileSync(path.join(incomingDir(config), 'pending-upload'), 'bytes as they arrived');
  const backupDir = tempDir('pending-photos-backups');

  const backup = await takeBackup(
    { db, photoDir: config.photoDir, incomingDir: incomingDir(config), backupDir },
    { reason: 'manual' },
  );
  db.close();
  expect(backup.manifest.photos.map((p) => [p.name, p.folder ?? 'photos'])).toEqual([
    ['ready.jpg', 'photos'],
    ['pending-upload', 'incoming'],
  ]);

  const target = tempDir('pending-photos-restored');
  expect(await copyBackupInto(backup, backupFolder(backupDir), target)).toEqual([]);
  expect(fs.readFileSync(path.join(target, 'photos', 'ready.jpg'), 'utf8')).toBe('stripped bytes');
  expect(fs.readFileSync(path.join(target, 'photos-incoming', 'pending-upload'), 'utf8')).toBe(
    'bytes as they arrived',
  );
  expect(fs.existsSync(path.join(target, 'photos', 'pending-upload'))).toBe(false);
});
