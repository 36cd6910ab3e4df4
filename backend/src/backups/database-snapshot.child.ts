// A backup's database copy in a process of its own (database-snapshot.ts): its own connection
// opens a read transaction on the live database (the snapshot's moment), says so and waits for
// the word to go on, copies every page in one step of SQLite's backup API inside that
// transaction, then describes the copy (migrations, rows per table, its checksum: the backup writes its
// manifest with them) and checks it (`integrity_check`, recorded beside the manifest after). Under WAL a reader never holds a writer back, and nothing here runs on the
// server's event loop.
import Database from 'better-sqlite3';
import type { BackupManifest } from './backup-manifest.ts';
import { integrityProblems } from './check-database.ts';
import { sha256OfFileApart } from './checksums.ts';
import { tableRowCounts } from './row-counts.ts';

/** Every page in one step: one read transaction, so no write by the server restarts the copy. */
const ALL_PAGES = 0x7fffffff;

export type SnapshotAnswer =
  | { state: 'open' }
  | { state: 'copied' }
  | {
      state: 'described';
      migrations: BackupManifest['migrations'];
      rowCounts: Record<string, number>;
      sha256: string;
    }
  | { state: 'checked'; problems: string[] }
  | { state: 'failed'; message: string };

const answer = (message: SnapshotAnswer, then?: () => void) =>
  process.send!(message, undefined, {}, () => then?.());

const word = () => new Promise<unknown>((resolve) => process.once('message', resolve));

async function snapshot(source: string, target: string) {
  const live = new Database(source, { readonly: true, fileMustExist: true });
  try {
    live.exec('BEGIN');
    // A deferred transaction reads its snapshot at its first read: this is the backup's moment.
    live.prepare('SELECT COUNT(*) FROM sqlite_schema').pluck().get();
    answer({ state: 'open' });
    await word();
    await live.backup(target, { progress: () => ALL_PAGES });
    live.exec('COMMIT');
  } finally {
    live.close();
  }
  const copy = new Database(target);
  try {
    // Self-contained: no write-ahead log beside it, the header as every later reader sees it.
    copy.pragma('journal_mode = DELETE');
    answer({ state: 'copied' });
    const migrations = copy
      .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
      .all() as BackupManifest['migrations'];
    // Its checksum read on a thread of this process while the rows are counted, and while the
    // backup's own process copies photos.
    const hashing = sha256OfFileApart(target);
    hashing.catch(() => {});
    const rowCounts = tableRowCounts(copy);
    answer({ state: 'described', migrations, rowCounts, sha256: await hashing });
    return integrityProblems(copy);
  } finally {
    copy.close();
  }
}

process.once('message', (asked: { source: string; target: string }) => {
  snapshot(asked.source, asked.target).then(
    (problems) => answer({ state: 'checked', problems }, () => process.exit(0)),
    (error: unknown) =>
      answer({ state: 'failed', message: error instanceof Error ? error.message : String(error) }, () =>
        process.exit(1),
      ),
  );
});
// The backup that asked is gone (killed): its unfinished folder is cleared by the next one.
process.once('disconnect', () => process.exit(1));
