import { incomingDir } from '../photos/photo.storage.ts';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { backupFolder } from './backup-folder.ts';
import { sha256OfDatabaseContent } from './checksums.ts';
import { takeBackup } from './take-backup.ts';

/**
 * Before an existing database is migrated, a full backup (database and photos) goes to BACKUP_DIR,
 * so an upgrade can always be undone. Returns the backup's folder, or null when there is nothing to
 * migrate (a new database, or one already up to date). A database from a newer Washdesk is refused
 * here, before anything is written.
 *
 * One backup per upgrade tried (issue 31: a failing migration under a restart policy took a new
 * full backup at every restart, 19 in 2.5 minutes, never pruned): a backup taken before the same
 * migrations of the very same database (its checksum) is reused, and these backups are pruned by
 * the same retention rule as the others.
 */
export async function backupBeforeUpgrade(
  config: Config,
  now = new Date(),
): Promise<{ dir: string; pending: number; reused: boolean } | null> {
  if (!fs.existsSync(config.databaseFile)) return null;
  const db = new Database(config.databaseFile);
  try {
    const hasData = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").get();
    if (!hasData) return null;
    const pending = pendingMigrations(db, config.migrationsDir);
    if (pending.length === 0) return null;
    // Whatever a crash left in the write-ahead log goes into the file first, so its checksum is the content's.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const upgrade = {
      fromVersion:
        (db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number | null) ?? 0,
      toVersion: pending.at(-1)!.version,
      sourceSha256: await sha256OfDatabaseContent(config.databaseFile),
    };
    const same = backupFolder(config.backups.dir)
      .good()
      .find(
        (b) =>
          b.manifest.reason === 'before-upgrade' &&
          b.manifest.upgrade?.fromVersion === upgrade.fromVersion &&
          b.manifest.upgrade.toVersion === upgrade.toVersion &&
          b.manifest.upgrade.sourceSha256 === upgrade.sourceSha256,
      );
    if (same) return { dir: same.dir, pending: pending.length, reused: true };
    const backup = await takeBackup(
      {
        db,
        photoDir: config.photoDir,
        incomingDir: incomingDir(config),
        backupDir: config.backups.dir,
        gitCommit: config.gitCommit,
      },
      {
        reason: 'before-upgrade',
        now,
        upgrade,
        retention: { ...config.backups, timeZone: config.timeZone },
      },
    );
    return { dir: backup.dir, pending: pending.length, reused: false };
  } finally {
    db.close();
  }
}
