import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server on 127.0.0.1 for the real AWS SDK: path-style PutObject,
 * GetObject, HeadObject, DeleteObject and ListObjectsV2 on one bucket, kept in memory.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; key: string; authorized: boolean }[] = [];
  /** Set to make every upload fail (a provider outage). */
  let failUploads = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const authorized = /^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? '');
    requests.push({ method: req.method ?? '', key, authorized });
    const fail = (status: number, code: string) => {
      res.writeHead(status, { 'Content-Type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );
    };
    if (!authorized) return fail(403, 'AccessDenied');
    if (bucketName !== bucket) return fail(404, 'NoSuchBucket');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT' && key) {
        if (failUploads) return fail(503, 'ServiceUnavailable');
        if (req.headers['content-encoding']?.includes('aws-chunked')) return fail(501, 'NotImplemented');
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"fake"' });
        return res.end();
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && key) {
        const body = objects.get(key);
        if (!body) return fail(404, 'NoSuchKey');
        res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'application/octet-stream' });
        return res.end(req.method === 'GET' ? body : undefined);
      }
      if (req.method === 'DELETE' && key) {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const contents = keys
          .map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.length}</Size></Contents>`)
          .join('');
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix>` +
            `<KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      fail(400, 'NotImplemented');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    failUploads(on: boolean) {
      failUploads = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
