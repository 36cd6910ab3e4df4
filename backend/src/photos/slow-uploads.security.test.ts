import fs from 'node:fs';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';
import { UPLOAD_TOO_SLOW } from './photo.storage.ts';

// Issue 21, item 6b: an upload that trickles is cut off at its deadline (UPLOAD_DEADLINE_SECONDS,
// made short here) with a clear 408, and nothing of it is kept: no row, no photo, no scratch file.
// The client is a real socket that sends a real photo's first bytes and then one byte at a time,
// for as long as the server listens; the test waits for the server's answer, not for a time.

// Long enough that a whole upload over loopback arrives in time on a busy machine (the control
// below); the trickles never finish, however long it is.
const DEADLINE_MS = 1500;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, uploadDeadlineMs: DEADLINE_MS }) });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const WRITTEN_BY_UPLOADS = [
  'photo_submissions',
  'photos',
  'service_requests',
  'submission_analyses',
  'leads',
  'customers',
  'customer_arrivals',
  'events',
];

/** The upload endpoints and the field their photos go in. */
const UPLOADS: [path: string, photoField: string][] = [
  ['/api/photo-submissions', 'photos'],
  ['/api/photo-quote', 'photo0'],
  ['/api/analyze-photos', 'photos'],
  ['/api/service-requests', 'photos'],
];

const FIELDS: Record<string, string> = {
  firstName: 'Rosa',
  lastName: 'Greer',
  phone: '(707) 555-0199',
  email: 'rosa.greer@example.com',
  address: '12 Elk Ridge Rd, Redway, CA',
  serviceType: 'House Soft Wash',
};

/**
 * POSTs a multipart upload over a raw socket: headers that announce the whole body, the fields
 * and the start of a photo at once, then one byte every few milliseconds until the server
 * answers. Resolves with the server's answer (status line, headers, body) and whether it closed.
 */
function trickleUpload(path: string, photoField: string) {
  const boundary = 'washdeskTrickle';
  const photo = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
  const head = Buffer.from(
    Object.entries(FIELDS)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${photoField}"; filename="house.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, photo, tail]);
  const { port } = new URL(server.url);
  return new Promise<{ status: number; headers: string; body: string; closed: boolean }>(
    (resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let answer = Buffer.alloc(0);
      let sent = head.length + 4096;
      let trickle: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, sent));
        trickle = setInterval(() => {
          if (sent >= body.length - 1) return; // never the last byte: the upload never completes
          socket.write(body.subarray(sent, sent + 1));
          sent += 1;
        }, 5);
      });
      socket.on('data', (chunk: Buffer) => {
        clearInterval(trickle);
        answer = Buffer.concat([answer, chunk]);
      });
      // Writing into a connection the server has closed can fail; the answer is what matters.
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(trickle);
        const text = answer.toString('utf8');
        const [headers = '', rest = ''] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
        if (!status)
          return reject(new Error(`no answer before the connection closed: ${JSON.stringify(text)}`));
        resolve({ status, headers, body: rest, closed: true });
      });
    },
  );
}

describe('an upload that trickles', () => {
  it.concurrent.for(UPLOADS)(
    '%s: stopped at the deadline with 408, nothing kept',
    async ([path, field], { expect }) => {
      const answer = await trickleUpload(path, field);
      expect(answer.status).toBe(408);
      expect(answer.headers).toMatch(/\r\nConnection: close/i);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'upload_timeout', message: UPLOAD_TOO_SLOW },
      });
      // The scratch folder goes with the response, the partial photo with it.
      await server.settled();
      expect(server.storedFiles()).toEqual([]);
      for (const table of WRITTEN_BY_UPLOADS) expect(server.count(table), table).toBe(0);
    },
  );
});

describe('an upload that arrives in time', () => {
  it('is saved as always (the deadline counts the arrival, not the work after it)', async () => {
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(FIELDS, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    expect(res.status).toBe(201);
    expect(server.count('photo_submissions')).toBe(1);
  });
});
