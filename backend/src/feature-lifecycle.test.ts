import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Features hand what they run (timers, sockets, the outbox scheduler, backups) to start.ts typed,
// through their entry point's `lifecycle` (feature-lifecycle.ts): no feature parks anything on
// `app.locals` for another module to read back with a cast. Tests and their helpers are not
// product code; `res.locals` (one request's own state) is not a side channel.

const SRC = path.resolve(import.meta.dirname);

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('features that start and stop', () => {
  it('no product file uses app.locals (or any .locals but a response’s)', () => {
    const offenders = productFiles(SRC).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(SRC, file)}:${i + 1}` }))
        .filter(({ line }) => /\.locals\b/.test(line) && !/\bres\.locals\b/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees a use of app.locals', () => {
    expect(
      /\.locals\b/.test('app.locals.outbox = outbox;') && !/\bres\.locals\b/.test('app.locals.outbox'),
    ).toBe(true);
  });
});
