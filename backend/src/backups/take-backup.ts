import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../db/database.ts';
import { APP_VERSION } from '../version.ts';
import { backupFolder, lockBackupFolder, snapshotNameOf, type GoodBackup } from './backup-folder.ts';
import { DATABASE_FILE, syncFolder, writeManifest, type BackupManifest } from './backup-manifest.ts';
import { sha256OfFile } from './checksums.ts';
import { pruneBackups, type RetentionRule } from './retention.ts';
import { tableRowCounts } from './row-counts.ts';

export interface BackupSource {
  /** The live connection: SQLite's online backup copies it while the server keeps serving. */
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
  /** Called between steps of the database copy, with the pages left to copy. */
  onDatabasePages?(remaining: number): void;
  /** Called after each photo is stored. */
  onPhotoStored?(name: string): void;
}

/** Pages copied per step; between steps the event loop serves requests. */
const PAGES_PER_STEP = 256;

/**
 * Takes one backup: the database through SQLite's backup API, then every photo not yet in the
 * store (content-addressed, so an unchanged photo costs nothing), then the manifest LAST.
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
): Promise<GoodBackup> {
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

    await source.db.backup(databaseFile, {
      progress: ({ remainingPages }) => {
        options.hooks?.onDatabasePages?.(remainingPages);
        return PAGES_PER_STEP;
      },
    });
    const { migrations, rowCounts } = describeCopy(databaseFile);

    const keyOf = (p: { name: string; folder?: 'incoming' }) => `${p.folder ?? ''}/${p.name}`;
    const previous = new Map(folder.newest()?.manifest.photos.map((p) => [keyOf(p), p]) ?? []);
    const photos: BackupManifest['photos'] = [];
    const listed = [
      ...photoNames(source.photoDir).map((name) => ({ name, dir: source.photoDir, folder: undefined })),
      ...(source.incomingDir ? photoNames(source.incomingDir) : []).map((name) => ({
        name,
        dir: source.incomingDir!,
        folder: 'incoming' as const,
      })),
    ];
    for (const { name, dir, folder: kept } of listed) {
      const file = path.join(dir, name);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue; // deleted since it was listed (a removed submission): not part of this backup
      }
      // Photo files are written once under a new name; an unchanged file keeps its checksum.
      const known = previous.get(keyOf({ name, folder: kept }));
      const sha256 =
        known &&
        known.bytes === stat.size &&
        known.mtimeMs === stat.mtimeMs &&
        fs.existsSync(folder.photoBlob(known.sha256))
          ? known.sha256
          : await storePhoto(file, folder.photoBlob.bind(folder));
      photos.push({
        name,
        bytes: stat.size,
        sha256,
        mtimeMs: stat.mtimeMs,
        ...(kept ? { folder: kept } : {}),
      });
      options.hooks?.onPhotoStored?.(name);
    }

    const manifest: BackupManifest = {
      format: 1,
      takenAt: takenAt.toISOString(),
      reason: options.reason,
      appVersion: APP_VERSION,
      gitCommit: source.gitCommit ?? null,
      database: {
        file: DATABASE_FILE,
        bytes: fs.statSync(databaseFile).size,
        sha256: await sha256OfFile(databaseFile),
      },
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
    return { name, dir, manifest };
  } finally {
    unlock();
  }
}

/** The copy made self-contained (no WAL beside it), with what the manifest says about it. */
function describeCopy(databaseFile: string) {
  const copy = new Database(databaseFile);
  try {
    copy.pragma('journal_mode = DELETE');
    const migrations = copy
      .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
      .all() as BackupManifest['migrations'];
    return { migrations, rowCounts: tableRowCounts(copy) };
  } finally {
    copy.close();
  }
}

function photoNames(photoDir: string): string[] {
  if (!fs.existsSync(photoDir)) return [];
  return fs
    .readdirSync(photoDir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => e.name)
    .sort();
}

/** Copies a photo into the store under its checksum, unless that content is there already. */
async function storePhoto(file: string, blobOf: (sha256: string) => string): Promise<string> {
  const sha256 = await sha256OfFile(file);
  const blob = blobOf(sha256);
  if (!fs.existsSync(blob)) {
    fs.mkdirSync(path.dirname(blob), { recursive: true });
    const temporary = `${blob}.${process.pid}.tmp`;
    fs.copyFileSync(file, temporary);
    const fd = fs.openSync(temporary, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temporary, blob);
    syncFolder(path.dirname(blob));
  }
  return sha256;
}
