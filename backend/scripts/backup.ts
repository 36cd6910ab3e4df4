// `npm run backup`: takes one backup now (safe while the server runs), copied off the machine
// when BACKUP_S3_* is set, with the retention rule applied.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { backupFolder } from '../src/backups/backup-folder.ts';
import { copyOffSite } from '../src/backups/off-site-copy.ts';
import { takeBackup } from '../src/backups/take-backup.ts';
import { backupCliConfig, fail } from './backup-cli.ts';

const config = backupCliConfig();
if (!fs.existsSync(config.databaseFile)) fail(`There is no database at ${config.databaseFile} to back up.`);
const db = new Database(config.databaseFile, { readonly: true, fileMustExist: true });
try {
  const backup = await takeBackup(
    { db, photoDir: config.photoDir, backupDir: config.backups.dir, gitCommit: config.gitCommit },
    { reason: 'manual', retention: { ...config.backups, timeZone: config.timeZone } },
  );
  const { manifest } = backup;
  process.stdout.write(
    `Backup taken: ${backup.dir}\n  database ${manifest.database.bytes} bytes, ` +
      `${Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0)} rows, ${manifest.photos.length} photo files\n`,
  );
  const check = await backup.checked;
  if (!check)
    process.stdout.write("  its database's integrity_check did not finish: a restore of it will run it\n");
  else if (check.problems.length)
    fail(`The backup's database failed integrity_check: ${check.problems.join(' ')}`);
  else process.stdout.write('  its database passed integrity_check\n');
  if (config.backups.s3) {
    const copied = await copyOffSite(config.backups.s3, backupFolder(config.backups.dir), backup);
    process.stdout.write(
      `Copied off the machine to s3://${config.backups.s3.bucket}/${config.backups.s3.prefix}: ` +
        `${copied.bytesUploaded} bytes (${copied.photosUploaded} new photo files)\n`,
    );
  }
} catch (error) {
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  db.close();
}
