import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { fillBusinessProfile, profileDataElement, type PublicProfile } from '@washdesk/contract';
import { chooseEncoding, type Encoding } from './content-encoding.ts';

interface FilledPage {
  /** The file's identity when it was read; a new build replaces the file. */
  version: string;
  etag: string;
  bodies: Record<Encoding | 'identity', Buffer>;
}

/**
 * A public page prerendered at build time holds stand-ins for the business's details (see the
 * contract's fillBusinessProfile): they come from config, which only the server knows. Each page
 * is filled and compressed once per build and kept in memory; it is a few kilobytes.
 */
export function publicPageHtml(profile: PublicProfile) {
  const filled = new Map<string, FilledPage>();

  function load(file: string): FilledPage | null {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    const version = `${stat.mtimeMs}:${stat.size}`;
    const cached = filled.get(file);
    if (cached?.version === version) return cached;
    const template = fs.readFileSync(file, 'utf8');
    const data = profileDataElement(profile);
    // The data goes in the head, so it is there before the page's (deferred) module script runs.
    const page = fillBusinessProfile(
      template.includes('</head>') ? template.replace('</head>', `${data}</head>`) : template + data,
      profile,
    );
    const identity = Buffer.from(page);
    const entry: FilledPage = {
      version,
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity,
        br: brotliCompressSync(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzip: gzipSync(identity, { level: 9 }),
      },
    };
    filled.set(file, entry);
    return entry;
  }

  /** Sends the filled page; false when the build has no such file. */
  return function send(req: Request, res: Response, file: string, status: number): boolean {
    const page = load(file);
    if (!page) return false;
    const encoding = chooseEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
    res.status(status).vary('Accept-Encoding');
    // It names hashed assets; it must be re-fetched so a new build is picked up (a 304 is cheap).
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', page.etag);
    res.type('html');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.send(page.bodies[encoding ?? 'identity']);
    return true;
  };
}
