import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { tableRowCounts } from './row-counts.ts';

/** What `integrity_check` of the whole database found wrong: none when it is good. */
export function integrityProblems(db: Database.Database): string[] {
  // The check visits every page, many of them more than once (each row's index entries): mapped
  // into memory, a revisit costs no read call and no copy, a fifth less work on a large database.
  db.pragma(`mmap_size = ${MAPPED_BYTES}`);
  const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  const failures = integrity.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  return failures.length ? [`integrity_check: ${failures.slice(0, 5).join('; ')}`] : [];
}

/** SQLite's own ceiling for a mapping (SQLITE_MAX_MMAP_SIZE); address space, not memory. */
const MAPPED_BYTES = 0x7fff0000;

/**
 * A restored database proven readable: `PRAGMA integrity_check` (unless `integrity` is false: the
 * caller holds proof that these very bytes passed it, restore-backup.ts), then every table's rows
 * counted against the manifest. Returns the problems (none when it is good). Used by the daily
 * restore test and by `npm run restore` before anything in the data folder is touched.
 */
export function checkDatabase(
  file: string,
  expected: Record<string, number>,
  options: { integrity?: boolean } = {},
): string[] {
  if (!fs.existsSync(file)) return [];
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    if (options.integrity !== false) {
      const damaged = integrityProblems(db);
      if (damaged.length) return damaged;
    }
    const counted = tableRowCounts(db);
    const problems: string[] = [];
    for (const [table, rows] of Object.entries(expected)) {
      if (!(table in counted)) problems.push(`Table ${table} is missing.`);
      else if (counted[table] !== rows)
        problems.push(`Table ${table} has ${counted[table]} rows; the manifest says ${rows}.`);
    }
    for (const table of Object.keys(counted))
      if (!(table in expected)) problems.push(`Table ${table} is not in the manifest.`);
    return problems;
  } catch (error) {
    return [`The database cannot be read: ${error instanceof Error ? error.message : String(error)}`];
  } finally {
    db?.close();
  }
}

const CHILD = path.join(import.meta.dirname, 'check-database.child.ts');

/** What check-database.child.ts is asked. */
export interface DatabaseCheckAsked {
  file: string;
  expected: Record<string, number>;
  options?: { integrity?: boolean };
  /**
   * Copy `from` to `file` first, with its checksum; `integrity_check` is skipped when that
   * checksum is `integrityProvenFor` (the bytes that passed it when the backup was taken).
   */
  copy?: { from: string; integrityProvenFor: string | null };
}

/**
 * checkDatabase in a child process (check-database.child.ts), so the caller's event loop keeps
 * copying photos meanwhile and the check has a core of its own. Same answer, same problems; with
 * `copy`, also the checksum of the bytes it copied into `file`.
 */
export function checkDatabaseApart(
  file: string,
  expected: Record<string, number>,
  options: { integrity?: boolean } = {},
  copy?: DatabaseCheckAsked['copy'],
): Promise<{ sha256: string | null; problems: string[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (answer: { sha256: string | null; problems: string[] } | { error: string }) => {
      answered = true;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`The database check ended without an answer (${signal ?? code}).`));
    });
    child.send({ file, expected, options, ...(copy ? { copy } : {}) } satisfies DatabaseCheckAsked);
  });
}
