// The database check (check-database.ts) in a process of its own: `integrity_check` of a large
// database holds a thread for many seconds, so a restore and the restore test run it here while
// their own process copies the photos. Gets the file and the expected row counts by IPC, answers
// the problems found.
import { checkDatabase } from './check-database.ts';

process.once('message', (asked: { file: string; expected: Record<string, number> }) => {
  process.send!(checkDatabase(asked.file, asked.expected), undefined, {}, () => process.exit(0));
});
