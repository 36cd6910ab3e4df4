import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (still compressed). */
  body: Buffer;
  /** The body after undoing its Content-Encoding. */
  decoded(): Buffer;
  /** The decoded body as UTF-8 text. */
  text(): string;
}

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  if (encoding) throw new Error(`Unexpected Content-Encoding ${encoding}`);
  return body;
}

function send(options: http.RequestOptions, payload?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const decoded = () => decode(res.headers['content-encoding'], body);
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body,
          decoded,
          text: () => decoded().toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A request that keeps the wire bytes: fetch() would undo the compression, and these tests are
 * about what the server actually sends.
 */
export const rawRequest = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  send({ ...urlParts(url), method, headers });

/**
 * A request whose path is sent byte for byte as given. `fetch` would tidy `/api/./faq` or `//api`
 * before sending; an attacker's client does not, so the path-spelling tests use this.
 */
export const requestSpelled = (
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
) => send({ ...urlParts(baseUrl), method, path, headers: options.headers }, options.body);

function urlParts(url: string) {
  const { hostname, port, pathname, search } = new URL(url);
  return { host: hostname, port, path: `${pathname}${search}` };
}
