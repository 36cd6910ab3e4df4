import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md is a map: short enough to read in one sitting, and every file or folder it
// points at exists, so a rename that leaves the map pointing nowhere fails here.

const root = path.resolve(import.meta.dirname, '..');
const MAP = path.join(root, 'docs', 'ARCHITECTURE.md');
/** Where a path in the map may be written from: the repository, or a workspace's source folder. */
const BASES = ['.', 'backend/src', 'backend', 'contract/src', 'admin/src', 'desktop/src', 'public-site/src'];

/** Backticked repository paths: a slash, no spaces, not a URL path or a placeholder. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((p) => p.includes('/') && !p.startsWith('/') && !/[<>{}:*=]/.test(p) && !p.startsWith('@'));
}

const exists = (p: string) => BASES.some((base) => fs.existsSync(path.join(root, base, p)));

describe('the architecture map', () => {
  const text = fs.readFileSync(MAP, 'utf8');

  it('is at most 250 lines', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('points only at files and folders that exist', () => {
    const paths = pathsIn(text);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('would notice a path that does not exist (the check can fail)', () => {
    expect(pathsIn('see `backend/src/nowhere/gone.ts` and `/api/x`').filter((p) => !exists(p))).toEqual([
      'backend/src/nowhere/gone.ts',
    ]);
  });
});
