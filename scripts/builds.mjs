// Which front-end builds are missing or older than their sources (or the shared contract).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const APPS = [
  { workspace: '@washdesk/public-site', dir: 'public-site', output: 'public-site/dist/index.html' },
  { workspace: '@washdesk/admin', dir: 'admin', output: 'admin/dist/index.html' },
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'out', 'e2e'].includes(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function staleApps() {
  const contract = newestMtime(path.join(root, 'contract/src'));
  return APPS.filter((app) => {
    const built = newestMtime(path.join(root, app.output));
    return built === 0 || Math.max(contract, newestMtime(path.join(root, app.dir))) > built;
  });
}

/** Builds what staleApps() names; exits the process when a build fails (its messages are above). */
export function buildStaleApps() {
  for (const app of staleApps()) {
    process.stdout.write(`Building ${app.workspace}...\n`);
    const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      process.stderr.write(`Building ${app.workspace} failed; see the messages above.\n`);
      process.exit(result.status ?? 1);
    }
  }
}
