// The lists benchmark's backend in a process of its own (lists.bench.ts starts it through
// scripts/own-test-server.ts): the bench's client parses every answer it times, and in one process
// that parsing would be counted against the server. Takes the seeded database file; prints one
// JSON line (its URL, the signed-in owner's cookie and its pid) once it listens; stops when stdin
// closes.
import { startBenchServer } from './bench-server.ts';

const databaseFile = process.argv[2];
if (!databaseFile) throw new Error('lists-server.ts <database file>');
const server = await startBenchServer({ databaseFile });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.stdout.write(
  `${JSON.stringify({ url: server.url, cookie: server.owner.cookie, databaseFile: server.config.databaseFile, pid: process.pid })}\n`,
);
