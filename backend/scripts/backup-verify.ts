// `npm run backup:verify`: restores the newest backup into a temporary folder and checks it
// (integrity_check, row counts, every photo's checksum). Exit code 1 when it is not restorable.
import { findBackup, RestoreError } from '../src/backups/restore-backup.ts';
import { verifyBackup } from '../src/backups/verify-backup.ts';
import { backupCliConfig, fail } from './backup-cli.ts';

const config = backupCliConfig();
try {
  const backup = findBackup(config.backups.dir, process.argv[2] ?? 'latest');
  const result = await verifyBackup(config.backups.dir, backup);
  if (!result.ok) fail(`Backup ${backup.name} is NOT restorable:\n  ${result.problems.join('\n  ')}`);
  process.stdout.write(
    `Backup ${backup.name} restores: integrity_check ok, ${Object.keys(backup.manifest.rowCounts).length} tables' ` +
      `row counts and ${backup.manifest.photos.length} photo checksums match the manifest.\n`,
  );
} catch (error) {
  if (error instanceof RestoreError) fail(error.message);
  throw error;
}
