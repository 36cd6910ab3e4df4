import { INCOMING_PHOTOS_FOLDER } from '../photos/photo.storage.ts';
import fs from 'node:fs';
import path from 'node:path';
import { backupFolder, snapshotNameOf, type BackupFolder, type GoodBackup } from './backup-folder.ts';
import { DATABASE_FILE, readManifest, syncFolder } from './backup-manifest.ts';
import { checkDatabaseApart } from './check-database.ts';
import { databaseCheckOf } from './database-check-record.ts';
import { copyWithChecksum, eachAtMost } from './copy-with-checksum.ts';
import {
  DATABASE_MARKER_FILE,
  DataFolderInUseError,
  lockDataFolder,
  markDatabaseCreated,
  SERVER_LOCK_FILE,
} from './data-folder-guard.ts';

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
 * With `checkDatabase`, the copied database is also proven readable (`integrity_check`, the row
 * counts against the manifest: check-database.ts) in a process of its own while the photos copy.
 * `integrity_check` is not run again when the copy passed it after the backup was taken (its
 * record beside the manifest, integrityProvenAtBackup) and the bytes just copied have the
 * manifest's checksum: they are the bytes that passed (a SHA-256 collision aside). `integrityAgain`
 * runs it all the same (the daily restore test).
 */
export async function copyBackupInto(
  backup: GoodBackup,
  store: BackupFolder,
  target: string,
  options: { checkDatabase?: boolean; integrityAgain?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const { manifest } = backup;
  fs.mkdirSync(path.join(target, 'photos'), { recursive: true });
  fs.mkdirSync(path.join(target, INCOMING_PHOTOS_FOLDER), { recursive: true });
  const database = path.join(target, DATABASE_FILE);
  const source = path.join(backup.dir, manifest.database.file);
  // Each file's checksum is taken from the bytes read while copying it: what is checked is what
  // the backup holds, and what was written is not read again.
  const copyDatabase = async () => {
    if (!fs.existsSync(source)) return void problems.push(`The database file ${source} is missing.`);
    const bytes = fs.statSync(source).size;
    if (bytes !== manifest.database.bytes)
      problems.push(`The database file has ${bytes} bytes; the manifest says ${manifest.database.bytes}.`);
    const checksumProblem = (sha256: string) =>
      sha256 !== manifest.database.sha256 && bytes === manifest.database.bytes
        ? ['The database file does not match its checksum in the manifest.']
        : [];
    if (!options.checkDatabase)
      return void problems.push(...checksumProblem(await copyWithChecksum(source, database)));
    // Copied, summed and checked in the check's own process, which starts while the photos copy:
    // the largest file does not share this process's one thread with them.
    const checked = await checkDatabaseApart(
      database,
      manifest.rowCounts,
      { integrity: true },
      {
        from: source,
        integrityProvenFor:
          !options.integrityAgain && integrityProvenAtBackup(backup) ? manifest.database.sha256 : null,
      },
    );
    problems.push(...checksumProblem(checked.sha256!), ...checked.problems);
  };
  const photoProblems: (string | null)[] = manifest.photos.map(() => null);
  const copyPhotos = eachAtMost(manifest.photos, PHOTOS_AT_ONCE, async (photo, index) => {
    const blob = store.photoBlob(photo.sha256);
    const file = path.join(
      target,
      photo.folder === 'incoming' ? INCOMING_PHOTOS_FOLDER : 'photos',
      photo.name,
    );
    if (!fs.existsSync(blob)) {
      photoProblems[index] = `Photo ${photo.name} is missing from the backup (${blob}).`;
      return;
    }
    if ((await copyWithChecksum(blob, file)) !== photo.sha256)
      photoProblems[index] = `Photo ${photo.name} does not match its checksum in the manifest.`;
  });
  await Promise.all([copyDatabase(), copyPhotos]);
  problems.push(...photoProblems.filter((p) => p !== null));
  return problems;
}

/**
 * The backup's database copy passed `integrity_check` after it was taken, recorded with the
 * checksum of the bytes checked, which is the manifest's (a restore then reads that checksum again).
 */
export function integrityProvenAtBackup(backup: GoodBackup): boolean {
  const check = databaseCheckOf(backup.dir);
  return check !== null && check.problems.length === 0 && check.sha256 === backup.manifest.database.sha256;
}

/**
 * `npm run restore`: puts a backup in place as the data folder, in an order that cannot lose the
 * business (issue 31):
 * 1. refused while a server holds the data folder (its lock; `--force` does not override it: a
 *    restore under a running server loses every write the server acknowledges afterwards), and
 *    the folder is then locked against a server starting midway;
 * 2. the backup is copied into `.restoring` inside the data folder and proven there: every
 *    checksum, `integrity_check` (at restore, or at backup time for these very bytes: see
 *    copyBackupInto), the row counts against the manifest. A damaged backup stops here, with the
 *    data folder exactly as it was;
 * 3. only then is what the folder held moved aside (never deleted; refused unless forced) and the
 *    proven copy renamed in: renames within one file system, so no file is ever half there.
 */
export async function restoreBackup(options: {
  backupDir: string;
  which: string;
  dataDir: string;
  force?: boolean;
  now?: Date;
}): Promise<{ backup: GoodBackup; movedAside: string | null }> {
  const backup = findBackup(options.backupDir, options.which);
  const { dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockDataFolder(dataDir, 'restore');
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    throw new RestoreError(
      `${error.message} Nothing was restored: a restore under a running server would lose what it saves ` +
        'afterwards. Stop the server (e.g. `docker compose stop washdesk`), then run the restore again ' +
        '(--force does not override this).',
    );
  }
  try {
    // BACKUP_DIR inside the data folder (as in tests) is the store being read: it stays too.
    const store = path.relative(dataDir, path.resolve(options.backupDir)).split(path.sep)[0];
    const existing = fs.readdirSync(dataDir).filter((entry) => !KEPT_IN_PLACE(entry) && entry !== store);
    if (existing.length > 0 && !options.force)
      throw new RestoreError(
        `${dataDir} is not empty. Restore into an empty folder, or add --force to move its contents aside.`,
      );
    const scratch = path.join(dataDir, RESTORING);
    fs.rmSync(scratch, { recursive: true, force: true });
    const problems = await copyBackupInto(backup, backupFolder(options.backupDir), scratch, {
      checkDatabase: true,
    });
    if (problems.length) {
      fs.rmSync(scratch, { recursive: true, force: true });
      throw new RestoreError(
        `Backup ${backup.name} is damaged; nothing was restored and ${dataDir} is as it was:\n  ${problems.join('\n  ')}`,
      );
    }
    let movedAside: string | null = null;
    if (existing.length > 0) {
      movedAside = path.join(dataDir, `${MOVED_ASIDE}${snapshotNameOf(options.now ?? new Date())}`);
      fs.mkdirSync(movedAside);
      for (const entry of existing) fs.renameSync(path.join(dataDir, entry), path.join(movedAside, entry));
    }
    for (const entry of fs.readdirSync(scratch))
      fs.renameSync(path.join(scratch, entry), path.join(dataDir, entry));
    fs.rmSync(scratch, { recursive: true, force: true });
    markDatabaseCreated(dataDir);
    syncFolder(dataDir);
    return { backup, movedAside };
  } finally {
    unlock();
  }
}

/** Photos copied at once (see take-backup.ts). */
const PHOTOS_AT_ONCE = 8;
const RESTORING = '.restoring';
const MOVED_ASIDE = 'replaced-by-restore-';
/** What stays where it is: the lock we hold, the marker, the scratch copy, earlier moved-aside folders. */
const KEPT_IN_PLACE = (entry: string) =>
  entry === SERVER_LOCK_FILE ||
  entry === DATABASE_MARKER_FILE ||
  entry === RESTORING ||
  entry.startsWith(MOVED_ASIDE);
