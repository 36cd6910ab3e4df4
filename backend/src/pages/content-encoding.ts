import fs from 'node:fs';

/** The encodings a build ships beside each text file, in the order the server prefers them. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The encoding to answer with, or null for the plain bytes. A client's q-values decide; among
 * equal ones brotli wins (smaller), since browsers list `gzip, deflate, br` in no order of taste.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/** The compressed siblings of a file that are at least as new as it (a stale one is ignored). */
export function compressedSiblings(file: string, mtimeMs: number): Map<Encoding, string> {
  const found = new Map<Encoding, string>();
  for (const { encoding, suffix } of PRECOMPRESSED) {
    const sibling = file + suffix;
    const stat = fs.statSync(sibling, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.mtimeMs >= mtimeMs) found.set(encoding, sibling);
  }
  return found;
}
