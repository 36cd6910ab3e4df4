import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Which build runs, for /api/health, the backups' manifests and Settings. The version is the root
// package.json's, bumped at each release (README, "Versions"); the commit is the one the build came
// from. An image carries it in build-info.json, written by the Dockerfile from its GIT_COMMIT build
// argument: a file in the image, because an environment variable was blanked under compose by the
// `WASHDESK_GIT_COMMIT=` line every .env copied from .env.example held. A checkout asks git.
const root = path.resolve(import.meta.dirname, '../..');
const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };
export const APP_VERSION = pkg.version;

/** A full or abbreviated git object name; anything else (empty, "unknown") is no commit. */
const COMMIT = /^[0-9a-f]{7,40}$/;

function commitOfTheImage(): string | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(root, 'build-info.json'), 'utf8')) as {
      commit?: unknown;
    };
    return typeof info.commit === 'string' && COMMIT.test(info.commit) ? info.commit : null;
  } catch {
    return null;
  }
}

function commitOfTheCheckout(): string | null {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', timeout: 5000 });
  const commit = git.status === 0 ? git.stdout.trim() : '';
  return COMMIT.test(commit) ? commit : null;
}

export const APP_COMMIT: string | null = commitOfTheImage() ?? commitOfTheCheckout();
