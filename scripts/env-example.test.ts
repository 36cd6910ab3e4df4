// `.env.example` lists every environment variable anything in the repository reads, so an
// operator (or a new engineer running a script) never meets a setting nobody wrote down. The
// variable `npm run call` reads was once missing; this walks the sources so it cannot drift again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// Build output, installed packages and data are not sources.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', 'data', '.git', '.test-output', 'test-results']);
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|cjs|js)$/;
// Set by the operating system or the CI runner, never by whoever runs Washdesk.
const FROM_THE_SYSTEM = new Set(['PATH', 'HOME', 'CI']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `process.env.X`, `process.env['X']`, and the scripts' `env('X')` / `env.X` readers. */
const READ = /\benv(?:\.|\[\s*['"`]|\(\s*['"`])([A-Z][A-Z0-9_]*)\b/g;
// The server's settings are one zod object (backend/src/config.ts); its keys are the variables.
const CONFIG_KEY = /^ {2}([A-Z][A-Z0-9_]*):/gm;

function variablesRead() {
  const found = new Map<string, string>();
  for (const file of sourceFiles(root)) {
    if (file === import.meta.filename) continue;
    const text = fs.readFileSync(file, 'utf8');
    const names = [...text.matchAll(READ)].map((m) => m[1]!);
    if (file.endsWith(path.join('backend', 'src', 'config.ts')))
      names.push(...[...text.matchAll(CONFIG_KEY)].map((m) => m[1]!));
    for (const name of names) if (!found.has(name)) found.set(name, path.relative(root, file));
  }
  return found;
}

/** `NAME=value` or, for one left unset on purpose, `# NAME=value`. */
function variablesListed() {
  const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  return new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

describe('.env.example', () => {
  it('lists every environment variable the sources and scripts read', () => {
    const read = variablesRead();
    const listed = variablesListed();
    // The walk must really see the readers, or the check below would pass on nothing.
    // (WASHDESK_URL is read by the simulators, `npm run call` and `npm run text`.)
    expect(read.get('WASHDESK_URL')).toMatch(/^backend[\\/]scripts[\\/](phone-call|customer-text)\.ts$/);
    expect(read.get('TWILIO_AUTH_TOKEN')).toBeDefined();
    const missing = [...read]
      .filter(([name]) => !listed.has(name) && !FROM_THE_SYSTEM.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('gives every variable a comment saying what it is', () => {
    const lines = fs.readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
    const uncommented = lines.flatMap((line, i) => {
      const name = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      if (!name) return [];
      // The comment is above it, possibly above a run of related variables.
      const above = lines.slice(0, i).reverse();
      const firstOther = above.find((l) => !/^(?:# )?[A-Z][A-Z0-9_]*=/.test(l));
      return firstOther?.startsWith('#') ? [] : [name];
    });
    expect(uncommented).toEqual([]);
  });
});
