import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (still compressed). */
  body: Buffer;
  /** The body after undoing its Content-Encoding. */
  decoded(): Buffer;
}

/**
 * A request that keeps the wire bytes: fetch() would undo the compression, and these tests are
 * about what the server actually sends.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body,
          decoded: () => {
            const encoding = res.headers['content-encoding'];
            if (encoding === 'br') return brotliDecompressSync(body);
            if (encoding === 'gzip') return gunzipSync(body);
            if (encoding === 'deflate') return inflateSync(body);
            if (encoding) throw new Error(`Unexpected Content-Encoding ${encoding}`);
            return body;
          },
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
