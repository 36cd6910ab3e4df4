import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compresses answers on the fly (the API's JSON above 1 KB, mostly). Built pages and assets come
 * precompressed (pages/) and are left alone, as compression skips anything already encoded;
 * images are not compressible to it. An event stream is never compressed: the compressor would
 * hold events back until its buffer fills.
 */
export function apiCompression(): RequestHandler {
  return compression({
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
      compression.filter(req, res),
  });
}
