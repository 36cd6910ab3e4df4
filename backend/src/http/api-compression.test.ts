import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http.ts';
import { apiCompression, chosenEncoding } from './api-compression.ts';

// The middleware in a small app of its own: the event stream it must leave alone does not exist
// yet in the product (Server-Sent Events come later), and images need no seeded photos here.
const JSON_ROWS = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, question: 'Do you clean roofs?' }));
const JPEG = Buffer.alloc(8 * 1024, 0xff);
let releaseSecondEvent: () => void = () => undefined;
const secondEventAllowed = new Promise<void>((resolve) => (releaseSecondEvent = resolve));

const app = express();
app.use(apiCompression());
app.get('/api/rows', (_req, res) => res.json(JSON_ROWS));
app.get('/api/photo.jpg', (_req, res) => res.type('jpeg').send(JPEG));
app.get('/api/events', async (_req, res) => {
  res.setHeader('Content-Type', 'text/event-stream');
  res.flushHeaders();
  // Longer than the compressor's threshold, so only the filter keeps it uncompressed.
  res.write(`event: call.created\ndata: ${'x'.repeat(2048)}\n\n`);
  // The second event waits until the client has seen the first: a buffering compressor would
  // never deliver it, and the test would not get past its first read.
  await secondEventAllowed;
  res.end('event: call.updated\ndata: {}\n\n');
});
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('on-the-fly compression', () => {
  it('compresses JSON for a browser that takes it', async () => {
    const res = await rawRequest(`${url}/api/rows`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(res.decoded().toString())).toEqual(JSON_ROWS);
    expect(res.body.length).toBeLessThan(JSON.stringify(JSON_ROWS).length / 5);
  });

  it('answers gzip to a client that takes no brotli, and nothing compressed to one that takes neither', async () => {
    const gzip = await rawRequest(`${url}/api/rows`, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gzip.decoded().toString())).toEqual(JSON_ROWS);
    const refused = await rawRequest(`${url}/api/rows`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toEqual(JSON_ROWS);
  });

  it('reads Accept-Encoding as HTTP does: q=0 refuses, * stands for the rest', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('BR ; q=0.5')).toBe('br');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeUndefined();
    expect(chosenEncoding('gzip;q=0')).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });

  it('leaves images as they are (already compressed)', async () => {
    const res = await rawRequest(`${url}/api/photo.jpg`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(JPEG)).toBe(true);
  });

  it('never compresses an event stream, so each event arrives when it is sent', async () => {
    const events = await new Promise<string[]>((resolve, reject) => {
      const req = http.get(
        `${url}/api/events`,
        { headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
        (res) => {
          expect(res.headers['content-encoding']).toBeUndefined();
          expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('event: call.created') && text.endsWith('\n\n')) releaseSecondEvent();
          });
          res.on('end', () =>
            resolve(
              text
                .split('\n\n')
                .filter(Boolean)
                .map((e) => e.split('\n')[0]!),
            ),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
    expect(events).toEqual(['event: call.created', 'event: call.updated']);
  });
});
