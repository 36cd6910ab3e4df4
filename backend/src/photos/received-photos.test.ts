import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { fixturePhoto } from '../test/test-server.ts';
import { receivePhotos } from './photo.storage.ts';

// Issue 38: work that needs one photo (the model's small copy) starts as soon as that photo is
// whole on disk, while the rest of the upload is still arriving. The client is a real socket that
// sends the first photo, then holds the second half-sent until the server has said so.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-received-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'silent' });

const BOUNDARY = 'washdeskReceivedPhotosBoundary';
const part = (field: string, name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
  'Content-Type: image/jpeg\r\n\r\n';

describe('receiving photos', () => {
  it('tells of each photo as soon as it is whole on disk, before the upload has ended', async () => {
    const first = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
    const second = fs.readFileSync(fixturePhoto('canon-a85-orientation8.jpg'));
    const received: { path: string; originalname: string; bytes: Buffer }[] = [];
    const app = express();
    app.post(
      '/receive',
      receivePhotos(config, {
        fieldPattern: /^photo\d$/,
        maxFiles: 5,
        // Read at once: the file is removed with the request's folder when the answer is sent.
        onFileReceived: (_req, file) => received.push({ ...file, bytes: fs.readFileSync(file.path) }),
      }),
      (_req, res) => void res.status(204).end(),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const head = Buffer.concat([
        Buffer.from(part('photo0', 'front.jpg')),
        first,
        // The next part's start closes the first file; the second photo then stops half-way.
        Buffer.from(`\r\n${part('photo1', 'side.jpg')}`),
        second.subarray(0, second.length / 2),
      ]);
      const tail = Buffer.concat([
        second.subarray(second.length / 2),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      let answered = false;
      const status = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: (server.address() as AddressInfo).port,
            path: '/receive',
            method: 'POST',
            headers: {
              'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
              'Content-Length': head.length + tail.length,
            },
          },
          (res) => {
            answered = true;
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.write(head);
        // The rest only once the server has told of the first photo, whole.
        void vi
          .waitFor(() => expect(received).toHaveLength(1), { timeout: 30_000, interval: 10 })
          .then(() => req.end(tail), reject);
      });
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 30_000, interval: 10 });
      expect(answered).toBe(false);
      expect(received[0]).toMatchObject({ originalname: 'front.jpg' });
      expect(received[0]!.bytes.equals(first)).toBe(true);
      expect(await status).toBe(204);
      expect(received.map((r) => r.originalname)).toEqual(['front.jpg', 'side.jpg']);
      expect(received[1]!.bytes.equals(second)).toBe(true);
    } finally {
      server.close();
    }
  });
});
