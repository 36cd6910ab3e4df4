import fs from 'node:fs';
import path from 'node:path';
import { takePidLock, type LockHolder } from './pid-lock.ts';

/**
 * What keeps a data folder's business from being lost by a restore or a start:
 * - the running server holds `server.lock` (its pid) in the data folder, and `npm run restore`
 *   refuses while a live process holds it: a restore under a running server loses every write the
 *   server acknowledges after the copy;
 * - `database-created` is written once the folder has held a database; a start that finds it
 *   without the database refuses, instead of creating (and demo-seeding) an empty one that the
 *   next scheduled backup would save as the newest.
 */
export const SERVER_LOCK_FILE = 'server.lock';
export const DATABASE_MARKER_FILE = 'database-created';

export class DataFolderInUseError extends Error {
  constructor(
    readonly holder: LockHolder | null,
    dataDir: string,
  ) {
    super(
      !holder
        ? `Could not lock ${dataDir}.`
        : holder.checkable
          ? `A Washdesk server (process ${holder.pid}) is using ${dataDir}. Stop it first.`
          : `A Washdesk server (process ${holder.pid} on ${holder.host}, another container or machine) ` +
            `holds ${dataDir}; it cannot be checked from here. Stop it first. If it is certainly not ` +
            `running (it was killed), delete ${path.join(dataDir, SERVER_LOCK_FILE)} and try again.`,
    );
  }
}

/**
 * Held by the server from start to close (a lock left by a crashed server in a container since
 * re-created is taken over), and by a restore while it swaps folders (which never takes over a
 * lock it cannot check).
 */
export function lockDataFolder(dataDir: string, as: 'server' | 'restore'): () => void {
  return takePidLock(
    path.join(dataDir, SERVER_LOCK_FILE),
    (holder) => new DataFolderInUseError(holder, dataDir),
    { takeOverOtherHosts: as === 'server' },
  );
}

export function markDatabaseCreated(dataDir: string) {
  const marker = path.join(dataDir, DATABASE_MARKER_FILE);
  if (!fs.existsSync(marker))
    fs.writeFileSync(
      marker,
      `A Washdesk database was first kept in this folder on ${new Date().toISOString()}.\n`,
    );
}

export class DatabaseVanishedError extends Error {}

/**
 * Before a start opens the database: a folder that held one and has lost it is refused (named
 * with the way back), never given a new empty database. A folder whose database exists is marked,
 * so installations from before the marker are protected from their first start on.
 */
export function guardDatabaseFile(dataDir: string, databaseFile: string) {
  const exists = fs.existsSync(databaseFile);
  if (exists) return markDatabaseCreated(dataDir);
  if (fs.existsSync(path.join(dataDir, DATABASE_MARKER_FILE)))
    throw new DatabaseVanishedError(
      `The database ${databaseFile} is missing, but this data folder has held one: refusing to start with ` +
        'an empty (or demo) database in its place.\n' +
        'Put the business back with: npm run restore -- latest --force (or name a backup; `npm run backup:verify` checks one).\n' +
        `If you really mean to start over with a new database, delete ${path.join(dataDir, DATABASE_MARKER_FILE)}.`,
    );
}
