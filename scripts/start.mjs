// `npm start`: builds the public site and the admin if they are missing or stale, then runs the
// backend that serves both on http://localhost:3000 (override with PORT).
// SKIP_BUILD=1 starts the server without looking at the builds (tests; a deploy that built them).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildStaleApps, root } from './builds.mjs';
import { loadEnvFile } from './env-file.mjs';

// A local .env (see .env.example) is read if present; real environment variables win. One that
// other users can read is warned about (chmod 600).
loadEnvFile(path.join(root, '.env'));

// Under `npm start` our parent is the `sh -c` npm runs the script in. When npm is killed it passes
// the signal to that shell, which dies without passing it on, and we would be left holding the port.
// So under npm, a parent that went away means "stop" (checked after the build, then every second).
const startedByNpm = Boolean(process.env.npm_lifecycle_event);
const parent = process.ppid;
const parentGone = () => startedByNpm && process.ppid !== parent;

if (process.env.SKIP_BUILD !== '1') buildStaleApps();
if (parentGone()) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
// Ctrl-C signals the whole process group (the server too); forwarding is harmless because the
// server stops on the first one and we forward only once. `kill` of this process reaches only us.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
setInterval(() => {
  if (parentGone()) stop('SIGTERM');
}, 1000).unref();

// We exit with the server, whatever ended it; a server killed by a signal is reported as 128+n.
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
server.on('error', (error) => {
  process.stderr.write(`The server could not be started: ${error.message}\n`);
  process.exit(1);
});
