import fs from 'node:fs';
import path from 'node:path';
import { backupFolder, snapshotNameOf, type BackupFolder, type GoodBackup } from './backup-folder.ts';
import { DATABASE_FILE, readManifest } from './backup-manifest.ts';
import { sha256OfFile } from './checksums.ts';

export class RestoreError extends Error {}

/** A backup named on the command line: a snapshot folder, its name in BACKUP_DIR, or "latest". */
export function findBackup(backupDir: string, which: string): GoodBackup {
  const folder = backupFolder(backupDir);
  if (which === 'latest') {
    const latest = folder.good()[0];
    if (!latest) throw new RestoreError(`There is no finished backup in ${backupDir}.`);
    return latest;
  }
  const dir = fs.existsSync(which) ? path.resolve(which) : folder.snapshotDir(which);
  const manifest = readManifest(dir);
  if (!manifest)
    throw new RestoreError(
      `${dir} is not a finished backup (it has no readable manifest.json). Finished backups: ` +
        (folder
          .good()
          .map((b) => b.name)
          .join(', ') || 'none') +
        '.',
    );
  return { name: path.basename(dir), dir, manifest };
}

/**
 * Copies a backup's database and photos into `target` (a data folder), checking every file
 * against the manifest's checksum on the way. Returns what did not match, never half-silently.
 */
export async function copyBackupInto(
  backup: GoodBackup,
  store: BackupFolder,
  target: string,
): Promise<string[]> {
  const problems: string[] = [];
  const { manifest } = backup;
  fs.mkdirSync(path.join(target, 'photos'), { recursive: true });
  const database = path.join(target, DATABASE_FILE);
  const source = path.join(backup.dir, manifest.database.file);
  if (!fs.existsSync(source)) problems.push(`The database file ${source} is missing.`);
  else {
    fs.copyFileSync(source, database);
    const bytes = fs.statSync(database).size;
    if (bytes !== manifest.database.bytes)
      problems.push(`The database file has ${bytes} bytes; the manifest says ${manifest.database.bytes}.`);
    else if ((await sha256OfFile(database)) !== manifest.database.sha256)
      problems.push('The database file does not match its checksum in the manifest.');
  }
  for (const photo of manifest.photos) {
    const blob = store.photoBlob(photo.sha256);
    const file = path.join(target, 'photos', photo.name);
    if (!fs.existsSync(blob)) {
      problems.push(`Photo ${photo.name} is missing from the backup (${blob}).`);
      continue;
    }
    fs.copyFileSync(blob, file);
    if ((await sha256OfFile(file)) !== photo.sha256)
      problems.push(`Photo ${photo.name} does not match its checksum in the manifest.`);
  }
  return problems;
}

/**
 * `npm run restore`: puts a backup in place as the data folder. A folder that already holds
 * data is refused unless forced; forced, its old contents are moved aside, never deleted.
 */
export async function restoreBackup(options: {
  backupDir: string;
  which: string;
  dataDir: string;
  force?: boolean;
  now?: Date;
}): Promise<{ backup: GoodBackup; movedAside: string | null }> {
  const backup = findBackup(options.backupDir, options.which);
  const existing = fs.existsSync(options.dataDir) ? fs.readdirSync(options.dataDir) : [];
  let movedAside: string | null = null;
  if (existing.length > 0) {
    const live = existing.includes(`${DATABASE_FILE}-wal`)
      ? ' and looks in use by a running server (stop it first)'
      : '';
    if (!options.force)
      throw new RestoreError(
        `${options.dataDir} is not empty${live}. Restore into an empty folder, or add --force to move its contents aside.`,
      );
    movedAside = path.join(
      options.dataDir,
      `replaced-by-restore-${snapshotNameOf(options.now ?? new Date())}`,
    );
    fs.mkdirSync(movedAside);
    for (const entry of existing) {
      if (entry.startsWith('replaced-by-restore-')) continue;
      fs.renameSync(path.join(options.dataDir, entry), path.join(movedAside, entry));
    }
  }
  // Into a scratch folder first, so a failed copy never leaves a half-restored data folder.
  const scratch = path.join(options.dataDir, '.restoring');
  fs.rmSync(scratch, { recursive: true, force: true });
  const problems = await copyBackupInto(backup, backupFolder(options.backupDir), scratch);
  if (problems.length) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw new RestoreError(
      `Backup ${backup.name} is damaged; nothing was restored:\n  ${problems.join('\n  ')}`,
    );
  }
  for (const entry of fs.readdirSync(scratch))
    fs.renameSync(path.join(scratch, entry), path.join(options.dataDir, entry));
  fs.rmSync(scratch, { recursive: true, force: true });
  return { backup, movedAside };
}
