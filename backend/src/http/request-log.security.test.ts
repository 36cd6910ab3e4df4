import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientOf,
  fixturePhoto,
  signIn,
  photoForm,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../test/test-server.ts';
import { createLogger } from './request-log.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logger: createLogger('info', capture) });
});
afterAll(() => server.stop());

const customer = {
  firstName: 'Maya',
  lastName: 'Alder',
  phone: '(707) 555-0142',
  email: 'maya.alder@example.net',
  serviceType: 'House Soft Wash',
};

describe('the request log', () => {
  it('has a line per request with status and time, and no phone number, e-mail, password or token', async () => {
    lines.length = 0;
    await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(customer, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    await server.anonymous.send('POST', '/api/service-requests', {
      ...customer,
      address: '1 Elk Ridge Rd',
      serviceType: 'roof-cleaning',
    });
    await server.anonymous.send('POST', '/api/service-requests', {
      ...customer,
      email: 'broken@',
      serviceType: 'nope',
    });
    await server.anonymous.send('POST', '/api/auth/login', {
      email: 'test-owner@example.com',
      password: 'wrong password!',
    });
    await server.anonymous.send('POST', '/api/auth/login', {
      email: 'test-owner@example.com',
      password: TEST_PASSWORD,
    });
    await server.get('/api/photo-submissions');
    await server.send('POST', '/api/appointments/create', {
      customerName: 'Maya Alder',
      customerPhone: '707-555-0142',
      customerEmail: 'maya.alder@example.net',
      address: '1 Elk Ridge Rd',
      serviceType: 'house-wash',
      preferredDate: '2026-12-01',
      preferredTime: '9:00 AM',
    });
    await server.send('POST', '/api/auth/logout');

    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/photo-submissions', 201],
      ['POST', '/api/service-requests', 201],
      ['POST', '/api/service-requests', 400],
      ['POST', '/api/auth/login', 401],
      ['POST', '/api/auth/login', 200],
      ['GET', '/api/photo-submissions', 200],
      ['POST', '/api/appointments/create', 201],
      ['POST', '/api/auth/logout', 204],
    ]);
    for (const r of requests) expect(typeof r.ms).toBe('number');

    const text = lines.join('\n');
    for (const secret of [
      '555-0142',
      '5550142',
      'maya.alder',
      'example.net',
      'test-owner@',
      TEST_PASSWORD,
      'wrong password',
      server.owner.csrfToken,
      server.owner.cookie.split('=')[1]!,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("keeps a backup's name and times whole, and still masks phone numbers beside them", async () => {
    // The first test signed the owner out: a new session.
    const owner = clientOf(server.url, await signIn(server.url, 'test-owner@example.com'));
    lines.length = 0;
    const res = await owner.send('POST', '/api/backups');
    expect(res.status).toBe(201);
    const { name } = (await res.json()) as { name: string };
    const taken = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'Backup taken');
    // e.g. …/snapshots/2026-11-28T06-15-00.000Z, once logged as [phone]T[phone]Z.
    expect(taken.backup).toBe(path.join(server.config.backups.dir, 'snapshots', name));
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);

    lines.length = 0;
    const logger = createLogger('info', capture);
    logger.info(
      { backup: '2026-11-28T061500Z', at: '2026-11-28T06:15:00.000-08:00', caller: '+1 707 555 0142' },
      'Restored 2026-11-28T06-15-00.000Z on 2026-11-28 for (707) 555-0142, then 707.555.0142',
    );
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ backup: '2026-11-28T061500Z', at: '2026-11-28T06:15:00.000-08:00' });
    expect(line.msg).toBe('Restored 2026-11-28T06-15-00.000Z on 2026-11-28 for [phone], then [phone]');
    expect(lines[0]).not.toMatch(/555/);
  });
});
