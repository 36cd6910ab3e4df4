import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupFolder, type GoodBackup } from './backup-folder.ts';
import { writeFileAtomically } from './backup-manifest.ts';
import { copyBackupInto } from './restore-backup.ts';

export interface Verification {
  backup: string;
  at: string;
  ok: boolean;
  problems: string[];
}

export const VERIFICATION_FILE = 'verified.json';

/**
 * A backup counts once a restore of it has been checked: restored into a temporary folder, opened,
 * `PRAGMA integrity_check`, the row counts and every photo's checksum compared with the manifest.
 * Unlike a restore, it runs `integrity_check` again even when the backup passed it when taken: it
 * runs in the background where nobody waits, and proves the check itself once more each day.
 * The outcome is written beside the backup (verified.json), where Settings and the next run read it.
 */
export async function verifyBackup(
  backupDir: string,
  backup: GoodBackup,
  now = new Date(),
): Promise<Verification> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-verify-'));
  try {
    const problems = await copyBackupInto(backup, backupFolder(backupDir), scratch, {
      checkDatabase: true,
      integrityAgain: true,
    });
    const verification = { backup: backup.name, at: now.toISOString(), ok: problems.length === 0, problems };
    writeFileAtomically(
      path.join(backup.dir, VERIFICATION_FILE),
      `${JSON.stringify(verification, null, 1)}\n`,
    );
    return verification;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The last verification written beside a backup, if any. */
export function readVerification(snapshotDir: string): Verification | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(snapshotDir, VERIFICATION_FILE), 'utf8')) as Verification;
  } catch {
    return null;
  }
}
