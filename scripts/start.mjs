// `npm start`: builds the public site and the admin if they are missing or stale, then runs the
// backend that serves both on http://localhost:3000 (override with PORT).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildStaleApps, root } from './builds.mjs';

// A local .env (see .env.example) is read if present; real environment variables win.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

buildStaleApps();

const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
