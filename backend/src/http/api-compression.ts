import zlib from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this an answer goes as it is: compressing it would cost more than it saves. */
const THRESHOLD = 1024;
// The fastest settings: an API answer is made for one request and sent once, so a few percent of
// bytes are not worth the time (issue 38: a list's whole budget is 10 ms). Quality 1 still makes
// a page of 50 rows about a tenth of its size.
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_SPEED };

/** What the client takes, brotli first: an encoding named with q=0 (or not named) is refused. */
export function chosenEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const taken = new Map<string, boolean>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    taken.set(name.trim().toLowerCase(), q === undefined || Number(q) > 0);
  }
  const takes = (encoding: string) => taken.get(encoding) ?? taken.get('*') ?? false;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/**
 * A JSON answer is compressed in one call as it is sent: the streaming compressor below hands
 * every answer to the thread pool and back, and on a busy machine that wait was a list's slowest
 * part. Anything else (a CSV export, a backup) streams through it as before.
 */
function compressJsonAtOnce(req: Request, res: Response) {
  const encoding = chosenEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const json = res.json;
  res.json = function compressedJson(this: Response, body: unknown) {
    const text = JSON.stringify(body);
    if (text === undefined || text.length < THRESHOLD) return json.call(this, body);
    const packed = encoding === 'br' ? zlib.brotliCompressSync(text, BROTLI) : zlib.gzipSync(text, GZIP);
    if (!this.get('Content-Type')) this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Encoding', encoding);
    this.vary('Accept-Encoding');
    return this.send(packed);
  };
}

/**
 * Compresses answers on the fly (the API's JSON above 1 KB, mostly). Built pages and assets come
 * precompressed (pages/) and are left alone, as compression skips anything already encoded;
 * images are not compressible to it. An event stream is never compressed: the compressor would
 * hold events back until its buffer fills.
 */
export function apiCompression(): RequestHandler {
  const streamed = compression({
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
      compression.filter(req, res),
  });
  return (req, res, next) => {
    if (req.path.startsWith('/api/')) compressJsonAtOnce(req, res);
    streamed(req, res, next);
  };
}
