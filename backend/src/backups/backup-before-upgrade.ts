import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { takeBackup } from './take-backup.ts';

/**
 * Before an existing database is migrated, a full backup (database and photos) goes to BACKUP_DIR,
 * so an upgrade can always be undone. Returns the backup's folder, or null when there is nothing to
 * migrate (a new database, or one already up to date). A database from a newer Washdesk is refused
 * here, before anything is written.
 */
export async function backupBeforeUpgrade(
  config: Config,
  now = new Date(),
): Promise<{ dir: string; pending: number } | null> {
  if (!fs.existsSync(config.databaseFile)) return null;
  const db = new Database(config.databaseFile);
  try {
    const hasData = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").get();
    if (!hasData) return null;
    const pending = pendingMigrations(db, config.migrationsDir);
    if (pending.length === 0) return null;
    const backup = await takeBackup(
      { db, photoDir: config.photoDir, backupDir: config.backups.dir, gitCommit: config.gitCommit },
      { reason: 'before-upgrade', now },
    );
    return { dir: backup.dir, pending: pending.length };
  } finally {
    db.close();
  }
}
