// `npm start`: builds the public site and the admin if they are missing or stale, then runs the
// backend that serves both on http://localhost:3000 (override with PORT).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, staleApps } from './builds.mjs';

// A local .env (see .env.example) is read if present; real environment variables win.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

for (const app of staleApps()) {
  process.stdout.write(`Building ${app.workspace}...\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`Building ${app.workspace} failed; see the messages above.\n`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
