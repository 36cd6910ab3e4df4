// A backup in its own process that stops, mid-way, at the stage a test names and waits there
// (blocked on stdin) for the test to kill it: `backup-child.ts <database> <photoDir> <backupDir> <stage>`.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { takeBackup } from '../backups/take-backup.ts';

const [database, photoDir, backupDir, stage] = process.argv.slice(2) as [string, string, string, string];
const stopHere = (what: string) => {
  fs.writeSync(1, `stopped in ${what}\n`);
  // Blocks until the parent kills this process (it never writes to stdin).
  fs.readSync(0, Buffer.alloc(1));
};
const db = new Database(database, { readonly: true });
let photosStored = 0;
await takeBackup(
  { db, photoDir, backupDir },
  {
    reason: 'manual',
    hooks: {
      // The copy is written whole but not yet checked, the manifest not written.
      onDatabaseCopied: () => {
        if (stage === 'database') stopHere('the database copy');
      },
      onPhotoStored: () => {
        if (stage === 'photos' && ++photosStored === 2) stopHere('the photos');
      },
      // The new photos flushed and renamed into the store, the manifest not written.
      onPhotosInStore: () => {
        if (stage === 'store') stopHere('the photo store');
      },
    },
  },
);
fs.writeSync(1, 'finished\n');
