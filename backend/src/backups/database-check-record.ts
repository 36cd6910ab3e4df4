import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from './backup-manifest.ts';

/**
 * What `integrity_check` said of a backup's database copy, written beside its manifest once the
 * check (run by the backup's own child process, after the manifest) is done. `sha256` names the
 * bytes checked: a restore that reads those very bytes again (the same checksum) need not check
 * them again.
 */
export interface DatabaseCheck {
  sha256: string;
  at: string;
  problems: string[];
}

export const DATABASE_CHECK_FILE = 'integrity-checked.json';

export function recordDatabaseCheck(snapshotDir: string, check: DatabaseCheck) {
  writeFileAtomically(path.join(snapshotDir, DATABASE_CHECK_FILE), `${JSON.stringify(check, null, 1)}\n`);
}

/** The check recorded beside a backup, if it finished. */
export function databaseCheckOf(snapshotDir: string): DatabaseCheck | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(snapshotDir, DATABASE_CHECK_FILE), 'utf8')) as DatabaseCheck;
  } catch {
    return null;
  }
}
