// `npm run restore -- <backup> [--data-dir DIR] [--force]`: puts a backup in place as the data
// folder (DATA_DIR by default). <backup> is a snapshot folder, its name in BACKUP_DIR, or "latest".
// The backup is proven in full before the data folder is touched, and a running server (its lock
// in the data folder) is never restored under: see restore-backup.ts.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { integrityProvenAtBackup, RestoreError, restoreBackup } from '../src/backups/restore-backup.ts';
import { backupCliConfig, fail } from './backup-cli.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } },
});
if (positionals.length !== 1)
  fail('Usage: npm run restore -- <backup folder, its name, or "latest"> [--data-dir DIR] [--force]');
const config = backupCliConfig();
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
try {
  const { backup, movedAside } = await restoreBackup({
    backupDir: config.backups.dir,
    which: positionals[0]!,
    dataDir,
    force: values.force,
  });
  process.stdout.write(
    `Restored backup ${backup.name} (taken ${backup.manifest.takenAt}) into ${dataDir}: ` +
      `${backup.manifest.photos.length} photo files; every checksum, integrity_check and ` +
      `${Object.keys(backup.manifest.rowCounts).length} tables' row counts matched its manifest.\n`,
  );
  if (integrityProvenAtBackup(backup))
    process.stdout.write(
      'The database passed integrity_check when the backup was taken; its checksum proves it is those bytes.\n',
    );
  if (movedAside) process.stdout.write(`What the folder held before is in ${movedAside}.\n`);
} catch (error) {
  if (error instanceof RestoreError) fail(error.message);
  throw error;
}
