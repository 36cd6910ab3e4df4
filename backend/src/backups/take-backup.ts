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
import { DATABASE_FILE, writeManifest, type BackupManifest } from './backup-manifest.ts';
import { copyWithChecksum, eachAtMost } from './copy-with-checksum.ts';
import { recordDatabaseCheck, type DatabaseCheck } from './database-check-record.ts';
import { snapshotDatabaseApart } from './database-snapshot.ts';
import { flushToDisk } from './flush-to-disk.ts';
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
  /** Called after each photo is copied (not yet flushed nor in the store). */
  onPhotoStored?(name: string): void;
  /** Awaited once the database copy and the new photos are flushed, before they enter the store. */
  onPhotosFlushed?(): void | Promise<void>;
  /** Awaited once the new photos are in the store and flushed, before the manifest is written. */
  onPhotosInStore?(): void | Promise<void>;
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
/**
 * Removes a killed backup's folder. The killed server's database-copy child can outlive it by a
 * moment (it exits when it sees its parent gone, after the step it is in) and still add a file
 * there while the folder is removed (ENOTEMPTY): removing is tried again, waiting between tries,
 * for up to ten seconds, rather than failing this backup.
 */
async function removeLeftover(dir: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
    for (const unfinished of folder.unfinished()) await removeLeftover(unfinished);
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
      const store = photoStore(folder);
      const photosCopied = copyPhotos(source, folder, store, options.hooks);
      storing = photosCopied.catch(() => {});
      snapshot.go();
      await snapshot.copied;
      await options.hooks?.onDatabaseCopied?.();
      const [{ migrations, rowCounts, sha256 }, photos] = await Promise.all([
        snapshot.described,
        photosCopied,
      ]);
      // One flush for the database copy and every new photo, then one for the photos' renames:
      // the disk is waited on twice, not once per photo (flush-to-disk.ts).
      const flush = (folders: string[], files: string[] = []) => flushToDisk(folder.dir, { files, folders });
      await flush([dir], [databaseFile, ...store.copies()]);
      await options.hooks?.onPhotosFlushed?.();
      await store.settle((folders) => flush(folders));
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
      await options.hooks?.onPhotosInStore?.();
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
 * Every photo (and upload waiting to be stripped) copied into the photo store's scratch folder, a
 * few at a time; the manifest's photo list in listed order, without those deleted meanwhile. The
 * copies are not yet durable nor in the store: `store.settle()` does that, after the one flush.
 */
async function copyPhotos(
  source: BackupSource,
  folder: BackupFolder,
  store: PhotoStore,
  hooks: BackupHooks | undefined,
) {
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
        : await store.copy(file);
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
 * The content-addressed photo store. A file in it is always whole: a name there is a promise that
 * the content with that checksum is on disk, which the next backup trusts without reading it. So
 * new photos are copied into a scratch folder (their checksum taken from the bytes read while
 * copying: nothing is read twice), flushed to disk all at once with the database copy
 * (flush-to-disk.ts), and only then renamed to their checksums; the renames are flushed in turn
 * before the manifest is written. A crash at any point leaves whole files in the store and
 * partial ones only in the scratch folder, which the next backup empties first.
 */
function photoStore(folder: BackupFolder) {
  const scratch = path.join(folder.photos, PARTIAL_FOLDER);
  // What a killed backup was copying (this runs under the backup lock: nobody else writes here).
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  /** Copies in the scratch folder by checksum: one per content, however many photos have it. */
  const copied = new Map<string, string>();
  let copies = 0;
  return {
    /** The photo's checksum once its copy is in the scratch folder, or null when it vanished meanwhile. */
    async copy(file: string): Promise<string | null> {
      const temporary = path.join(scratch, `${process.pid}-${copies++}`);
      let sha256: string;
      try {
        sha256 = await copyWithChecksum(file, temporary);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(file)) return null;
        throw error;
      }
      if (copied.has(sha256) || fs.existsSync(folder.photoBlob(sha256)))
        await fs.promises.rm(temporary, { force: true });
      else copied.set(sha256, temporary);
      return sha256;
    },
    /** The copies waiting for the flush. */
    copies: () => [...copied.values()],
    /**
     * Once the copies are flushed: renamed to their checksums, and the folders renamed into
     * flushed (one flush for them all), so a manifest written after never lists a photo a power
     * cut could lose.
     */
    async settle(flush: (folders: string[]) => Promise<void>) {
      const renamedInto = new Set<string>();
      for (const [sha256, temporary] of copied) {
        const blob = folder.photoBlob(sha256);
        if (!renamedInto.has(path.dirname(blob))) {
          await fs.promises.mkdir(path.dirname(blob), { recursive: true });
          renamedInto.add(path.dirname(blob));
        }
        await fs.promises.rename(temporary, blob);
      }
      if (renamedInto.size) await flush([...renamedInto, folder.photos]);
      copied.clear();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
type PhotoStore = ReturnType<typeof photoStore>;

/** Where photos are copied before they are renamed to their checksum (same file system). */
const PARTIAL_FOLDER = '.partial';
/** Photos copied at once: enough to keep a disk busy, few enough not to starve the server. */
const PHOTOS_AT_ONCE = 8;
