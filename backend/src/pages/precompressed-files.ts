import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { chooseEncoding, compressedSiblings, PRECOMPRESSED } from './content-encoding.ts';

/** Vite's hashed files under assets/ never change; anything else (icons, embed.js) may. */
const cacheControlFor = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * Sends a built file, or its brotli/gzip twin made at build time when the client takes one, with
 * the original's Content-Type. `status` lets an index answer 404 for a page that does not exist.
 */
export function sendBuiltFile(
  req: Request,
  res: Response,
  file: string,
  onMissing: () => void,
  status = 200,
) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return onMissing();
  const siblings = compressedSiblings(file, stat.mtimeMs);
  const encoding = chooseEncoding(req.headers['accept-encoding'], [...siblings.keys()]);
  // Caches must keep one copy per encoding whenever the answer depends on the header.
  if (siblings.size) res.vary('Accept-Encoding');
  res.status(status).setHeader('Cache-Control', cacheControlFor(file));
  res.type(path.extname(file));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  const sent = encoding ? siblings.get(encoding)! : file;
  // The app hashes no ETag for API answers (app.ts), and Express hands that setting to sendFile, so
  // a built file names its own version here (size and time of the bytes sent, as `send` would):
  // a file re-checked on every load (no-cache) is then answered 304 when unchanged.
  const sentStat = sent === file ? stat : fs.statSync(sent);
  res.setHeader('ETag', `W/"${sentStat.size.toString(16)}-${Math.floor(sentStat.mtimeMs).toString(16)}"`);
  res.sendFile(
    sent,
    // A byte range of compressed bytes is not what a client asking for a range means.
    { cacheControl: false, dotfiles: 'allow', acceptRanges: !encoding },
    (error?: NodeJS.ErrnoException) => {
      if (!error || res.headersSent) return;
      if (error.code === 'ENOENT') return onMissing();
      res.status(500).end();
    },
  );
}

/**
 * A build folder's files (scripts, styles, icons) for GET and HEAD, like express.static but with
 * the precompressed twins. HTML pages are not served from here: the page routes send them with
 * their status (200 or 404) and, for the public site, with the business's details filled in.
 */
export function builtFiles(dist: string): RequestHandler {
  const root = path.resolve(dist);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    // Dot-folders (Vite's .vite/manifest.json) are build records, not part of the site.
    const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
    const inside = file.startsWith(root + path.sep) && !hidden && !relative.includes('\0');
    const extension = path.extname(file).toLowerCase();
    const twin = PRECOMPRESSED.some(({ suffix }) => extension === suffix);
    if (!inside || extension === '.html' || twin) return next();
    sendBuiltFile(req, res, file, () => next());
  };
}
