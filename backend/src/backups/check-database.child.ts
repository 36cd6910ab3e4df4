// The database check (check-database.ts) in a process of its own: `integrity_check` of a large
// database holds a thread for many seconds, so a restore and the restore test run it here while
// their own process copies the photos. Gets the file and the expected row counts by IPC, answers
// the problems found.
import { checkDatabase } from './check-database.ts';

process.once(
  'message',
  (asked: { file: string; expected: Record<string, number>; options?: { integrity?: boolean } }) => {
    process.send!(checkDatabase(asked.file, asked.expected, asked.options), undefined, {}, () =>
      process.exit(0),
    );
  },
);
// The one who asked is gone (killed): nothing is waiting for the answer.
process.once('disconnect', () => process.exit(1));
