// The database check (check-database.ts) in a process of its own: `integrity_check` of a large
// database holds a thread for many seconds, so a restore and the restore test run it here while
// their own process copies the photos. Gets the file and the expected row counts by IPC, answers
// the problems found. Asked to, it first copies the backup's database into place, taking its
// checksum from the bytes read (restore-backup.ts): that copy, too, then runs beside the photos'.
import { checkDatabase, type DatabaseCheckAsked } from './check-database.ts';
import { copyWithChecksum } from './copy-with-checksum.ts';

process.once('message', (asked: DatabaseCheckAsked) => {
  void (async () => {
    let sha256: string | null = null;
    let integrity = asked.options?.integrity;
    if (asked.copy) {
      sha256 = await copyWithChecksum(asked.copy.from, asked.file);
      // These very bytes passed integrity_check when the backup was taken: not again.
      if (sha256 === asked.copy.integrityProvenFor) integrity = false;
    }
    return { sha256, problems: checkDatabase(asked.file, asked.expected, { integrity }) };
  })().then(
    (answer) => process.send!(answer, undefined, {}, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ error: error instanceof Error ? error.message : String(error) }, undefined, {}, () =>
        process.exit(1),
      ),
  );
});
// The one who asked is gone (killed): nothing is waiting for the answer.
process.once('disconnect', () => process.exit(1));
