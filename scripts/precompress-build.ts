import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text the server sends often enough to be worth shipping compressed. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 512;

/** Writes name.br and name.gz beside each text file of a folder (dot-folders are not served). */
export function precompressFolder(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      precompressFolder(file);
      continue;
    }
    if (!COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    const raw = fs.readFileSync(file);
    for (const [suffix, compress] of [
      [
        '.br',
        () =>
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
      ],
      ['.gz', () => gzipSync(raw, { level: 9 })],
    ] as const) {
      const packed = raw.length >= MIN_BYTES ? compress() : null;
      // A twin no smaller than the file is not written; one left from an older build is removed.
      if (packed && packed.length < raw.length) fs.writeFileSync(file + suffix, packed);
      else fs.rmSync(file + suffix, { force: true });
    }
  }
}

/**
 * After a build, ships brotli and gzip twins of its text files, made once with the slowest,
 * smallest settings; the server (backend/src/pages) picks one by the browser's Accept-Encoding.
 */
export function precompressBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'washdesk-precompress-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Last, so pages written by other plugins after the bundle (the prerender) are included.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressFolder(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
