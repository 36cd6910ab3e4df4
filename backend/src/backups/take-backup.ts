import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { APP_VERSION } from '../version.ts';
import {
  backupFolder,
  lockBackupFolder,
  snapshotNameOf,
  type BackupFolder,
  type GoodBackup,
} from './backup-folder.ts';
import { DATABASE_FILE, syncFolder, writeManifest, type BackupManifest } from './backup-manifest.ts';
import { sha256OfFile } from './checksums.ts';
import { copyWithChecksum, eachAtMost } from './copy-with-checksum.ts';
import { recordDatabaseCheck, type DatabaseCheck } from './database-check-record.ts';
import { snapshotDatabaseApart } from './database-snapshot.ts';
import { pruneBackups, type RetentionRule } from './retention.ts';

export interface BackupSource {
  /** The live database (its file is copied by a connection of its own while the server keeps serving). */
  db: Db;
  photoDir: string;
  /**
   * Uploads answered but not yet stripped (photos/photo-processing.ts): acknowledged writes, so a
   * backup keeps them too, and a restore puts them back to be processed at the next start.
   */
  incomingDir?: string;
  backupDir: string;
  gitCommit?: string | null;
}

/** Test seams: where a test stops a backup midway (e.g. to kill its process there). */
export interface BackupHooks {
  /** Awaited while the database snapshot's read transaction is open, before any page is copied. */
  onDatabaseSnapshot?(): void | Promise<void>;
  /** Awaited once the database copy is whole, while its `integrity_check` runs. */
  onDatabaseCopied?(): void | Promise<void>;
  /** Called after each photo is stored. */
  onPhotoStored?(name: string): void;
}

/**
 * A backup just taken. Its database copy's `integrity_check` goes on in the copy's own process
 * after the manifest (on a busy machine it takes longer than the rest of the backup together):
 * `checked` settles once it is recorded beside the manifest (database-check-record.ts).
 */
export interface TakenBackup extends GoodBackup {
  /** null when the check did not finish (its process was ended): a restore then checks in full. */
  checked: Promise<DatabaseCheck | null>;
}

/**
 * Takes one backup: a point-in-time copy of the database made by a child process
 * (database-snapshot.ts) while this one stores every photo not yet in the store (content-addressed,
 * so an unchanged photo costs nothing), then the manifest LAST; then the copy's `integrity_check`,
 * recorded beside the manifest with the checksum of the bytes checked: a restore that reads the
 * same checksum holds the bytes that passed, and need not check them again (restore-backup.ts).
 */
export async function takeBackup(
  source: BackupSource,
  options: {
    reason: BackupManifest['reason'];
    now?: Date;
    hooks?: BackupHooks;
    retention?: RetentionRule;
    upgrade?: BackupManifest['upgrade'];
  },
): Promise<TakenBackup> {
  const folder = backupFolder(source.backupDir);
  const unlock = lockBackupFolder(folder.dir);
  try {
    // What a killed backup left behind (no manifest: never counted as a backup) goes first.
    for (const unfinished of folder.unfinished()) fs.rmSync(unfinished, { recursive: true, force: true });
    const takenAt = options.now ?? new Date();
    let name = snapshotNameOf(takenAt);
    while (fs.existsSync(folder.snapshotDir(name)))
      name = `${snapshotNameOf(takenAt)}-${Math.random().toString(36).slice(2, 6)}`;
    const dir = folder.snapshotDir(name);
    fs.mkdirSync(dir, { recursive: true });
    const databaseFile = path.join(dir, DATABASE_FILE);

    if (source.db.memory) throw new Error('A backup copies a database file; this one is in memory.');
    const snapshot = snapshotDatabaseApart(source.db.name, databaseFile);
    let storing: Promise<unknown> = Promise.resolve();
    try {
      await snapshot.open;
      await options.hooks?.onDatabaseSnapshot?.();
      // Listed once the snapshot's moment is fixed: every photo a row of the copy names is on disk
      // by then (a photo is saved before its row), so the listing holds it.
      const photosStored = storePhotos(source, folder, options.hooks);
      storing = photosStored.catch(() => {});
      snapshot.go();
      await snapshot.copied;
      await options.hooks?.onDatabaseCopied?.();
      const [sha256, { migrations, rowCounts }, photos] = await Promise.all([
        sha256OfFile(databaseFile),
        snapshot.described,
        photosStored,
      ]);
      const manifest: BackupManifest = {
        format: 1,
        takenAt: takenAt.toISOString(),
        reason: options.reason,
        appVersion: APP_VERSION,
        gitCommit: source.gitCommit ?? null,
        database: { file: DATABASE_FILE, bytes: fs.statSync(databaseFile).size, sha256 },
        migrations,
        rowCounts,
        ...(options.upgrade ? { upgrade: options.upgrade } : {}),
        photos,
      };
      const fd = fs.openSync(databaseFile, 'r+');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      writeManifest(dir, manifest);
      if (options.retention) pruneBackups(folder.dir, options.retention);
      const checked = snapshot.checked.then(
        (problems): DatabaseCheck | null => {
          const check = { sha256, at: new Date().toISOString(), problems };
          try {
            recordDatabaseCheck(dir, check);
          } catch {
            // Pruned meanwhile: nobody will restore it.
          }
          return check;
        },
        // Not finished (its process was ended): nothing is recorded, a restore checks in full.
        () => null,
      );
      return { name, dir, manifest, checked };
    } catch (error) {
      snapshot.stop();
      // A failed database copy lets the photo copies under way end before the lock is let go.
      await storing;
      throw error;
    }
  } finally {
    unlock();
  }
}

/**
 * Every photo (and upload waiting to be stripped) into the content-addressed store, a few at a
 * time; the manifest's photo list in listed order, without those deleted meanwhile.
 */
async function storePhotos(source: BackupSource, folder: BackupFolder, hooks: BackupHooks | undefined) {
  const keyOf = (p: { name: string; folder?: 'incoming' }) => `${p.folder ?? ''}/${p.name}`;
  const previous = new Map(folder.newest()?.manifest.photos.map((p) => [keyOf(p), p]) ?? []);
  const listed = [
    ...photoNames(source.photoDir).map((name) => ({ name, dir: source.photoDir, folder: undefined })),
    ...(source.incomingDir ? photoNames(source.incomingDir) : []).map((name) => ({
      name,
      dir: source.incomingDir!,
      folder: 'incoming' as const,
    })),
  ];
  const store = photoStore(folder);
  // Listed order is kept whatever order the copies end in; a photo deleted meanwhile stays null.
  const stored: (BackupManifest['photos'][number] | null)[] = listed.map(() => null);
  await eachAtMost(listed, PHOTOS_AT_ONCE, async ({ name, dir, folder: kept }, index) => {
    const file = path.join(dir, name);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return; // deleted since it was listed (a removed submission): not part of this backup
    }
    // Photo files are written once under a new name; an unchanged file keeps its checksum.
    const known = previous.get(keyOf({ name, folder: kept }));
    const sha256 =
      known &&
      known.bytes === stat.size &&
      known.mtimeMs === stat.mtimeMs &&
      fs.existsSync(folder.photoBlob(known.sha256))
        ? known.sha256
        : await store.add(file);
    if (sha256 === null) return; // deleted while it was being copied
    stored[index] = {
      name,
      bytes: stat.size,
      sha256,
      mtimeMs: stat.mtimeMs,
      ...(kept ? { folder: kept } : {}),
    };
    hooks?.onPhotoStored?.(name);
  });
  store.flushFolders();
  return stored.filter((p) => p !== null);
}

function photoNames(photoDir: string): string[] {
  if (!fs.existsSync(photoDir)) return [];
  return fs
    .readdirSync(photoDir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => e.name)
    .sort();
}

/**
 * The content-addressed photo store, filled a few photos at a time: each photo is copied once into
 * a scratch file while its checksum is taken (no second read), flushed, and renamed to its
 * checksum unless that content is stored already. The folders renamed into are flushed once each,
 * before the manifest is written, so a manifest never lists a photo a power cut could lose.
 */
function photoStore(folder: BackupFolder) {
  const scratch = path.join(folder.photos, PARTIAL_FOLDER);
  // What a killed backup was copying (this runs under the backup lock: nobody else writes here).
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const renamedInto = new Set<string>();
  let copies = 0;
  return {
    /** The photo's checksum once its content is in the store, or null when it vanished meanwhile. */
    async add(file: string): Promise<string | null> {
      const temporary = path.join(scratch, `${process.pid}-${copies++}`);
      let sha256: string;
      try {
        sha256 = await copyWithChecksum(file, temporary, true);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(file)) return null;
        throw error;
      }
      const blob = folder.photoBlob(sha256);
      if (fs.existsSync(blob)) await fs.promises.rm(temporary, { force: true });
      else {
        await fs.promises.mkdir(path.dirname(blob), { recursive: true });
        await fs.promises.rename(temporary, blob);
        renamedInto.add(path.dirname(blob));
      }
      return sha256;
    },
    flushFolders() {
      for (const dir of renamedInto) syncFolder(dir);
      if (renamedInto.size) syncFolder(folder.photos);
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Where photos are copied before they are renamed to their checksum (same file system). */
const PARTIAL_FOLDER = '.partial';
/** Photos copied at once: enough to keep a disk busy, few enough not to starve the server. */
const PHOTOS_AT_ONCE = 8;
