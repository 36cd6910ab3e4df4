import fs from 'node:fs';
import path from 'node:path';
import { readManifest, type BackupManifest } from './backup-manifest.ts';
import { takePidLock } from './pid-lock.ts';

/**
 * BACKUP_DIR holds `snapshots/<time>/` (the database copy and its manifest) and `photos/`, where
 * every photo is kept once under its checksum, however many snapshots list it.
 */
export function backupFolder(dir: string) {
  const snapshots = path.join(dir, 'snapshots');
  const photos = path.join(dir, 'photos');
  return {
    dir,
    snapshots,
    photos,
    photoBlob: (sha256: string) => path.join(photos, sha256.slice(0, 2), sha256),
    snapshotDir: (name: string) => path.join(snapshots, name),
    /** Finished backups (those with a good manifest), newest first. */
    good(): GoodBackup[] {
      if (!fs.existsSync(snapshots)) return [];
      return fs
        .readdirSync(snapshots)
        .map((name) => ({
          name,
          dir: path.join(snapshots, name),
          manifest: readManifest(path.join(snapshots, name)),
        }))
        .filter((b): b is GoodBackup => b.manifest !== null)
        .sort((a, b) => b.manifest.takenAt.localeCompare(a.manifest.takenAt) || b.name.localeCompare(a.name));
    },
    /**
     * The newest finished backup, reading only as many manifests as it must (names sort by time):
     * health checks and Settings ask often, and a manifest lists every photo.
     */
    newest(): GoodBackup | null {
      if (!fs.existsSync(snapshots)) return null;
      for (const name of fs.readdirSync(snapshots).sort().reverse()) {
        const manifest = readManifest(path.join(snapshots, name));
        if (manifest) return { name, dir: path.join(snapshots, name), manifest };
      }
      return null;
    },
    /** Snapshot folder names, newest first. */
    names(): string[] {
      return fs.existsSync(snapshots) ? fs.readdirSync(snapshots).sort().reverse() : [];
    },
    /** Snapshot folders without a manifest: backups that never finished. */
    unfinished(): string[] {
      if (!fs.existsSync(snapshots)) return [];
      return fs
        .readdirSync(snapshots)
        .map((name) => path.join(snapshots, name))
        .filter((d) => readManifest(d) === null);
    },
  };
}
export type BackupFolder = ReturnType<typeof backupFolder>;

export interface GoodBackup {
  name: string;
  dir: string;
  manifest: BackupManifest;
}

/** A snapshot folder's name from its time: sortable, and valid on every file system. */
export const snapshotNameOf = (at: Date) => at.toISOString().replace(/:/g, '-');

/**
 * One backup at a time per BACKUP_DIR, across processes (the server's timer and `npm run backup`):
 * an exclusive lock file naming its owner's pid (see pid-lock.ts).
 */
export function lockBackupFolder(dir: string): () => void {
  return takePidLock(
    path.join(dir, '.lock'),
    (holder) =>
      new BackupBusyError(
        holder ? `Another backup is running (process ${holder.pid}).` : 'Could not lock the backup folder.',
      ),
    // Backups never stop for good because of a lock an unreachable container left behind.
    { takeOverOtherHosts: true },
  );
}

export class BackupBusyError extends Error {}
