import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PERMITTED, notPermittedMessage } from '@washdesk/contract';
import { clientOf, signIn, startTestServer, type Client, type TestServer } from '../test/test-server.ts';
import { jobRepository } from '../jobs/job.repository.ts';

// Attacks on the board's routes: other spellings of an id, wrong types in a body, a staff
// member changing the crews (the owner's decision), and no session at all.

const NOW = Date.parse('2026-11-23T17:00:00Z'); // Monday 9:00 AM in California
let server: TestServer;
let staff: Client;
let visitId: number;
let jobId: number;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
  staff = clientOf(server.url, await signIn(server.url, await server.addUser({ email: 'crew@example.com' })));
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: '(707) 555-0101',
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: '2026-11-24',
    preferredTime: '10:00 AM',
  });
  visitId = ((await res.json()) as { id: number }).id;
  jobId = jobRepository(server.db).create({
    customerName: 'Mara Lindqvist',
    customerPhone: '(707) 555-0102',
    address: '9 Alderpoint Road, Blocksburg',
    title: 'House wash',
    durationMinutes: 60,
    lineItems: [{ service: 'House wash', areaSqFt: null, unitPriceCents: null, amountCents: 50_000 }],
  }).id;
});
afterAll(() => server.stop());

const slot = { date: '2026-11-25', time: '9:00 AM', crewId: 1 };

describe('the board under attack', () => {
  it('answers 404 for every other spelling of an id, and changes nothing', async () => {
    for (const id of ['0', '01', '0x1', '1.0', '1e0', '-1', '%201', '1%0a', '99999999999999999999']) {
      for (const path of [
        `/api/schedule/visits/${id}/move`,
        `/api/schedule/jobs/${id}/visit`,
        `/api/jobs/${id}/status`,
        `/api/crews/${id}`,
      ]) {
        const method = path.startsWith('/api/crews') ? 'PATCH' : 'POST';
        const res = await server.send(
          method,
          path,
          path.includes('status') ? { status: 'on_the_way' } : slot,
        );
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(server.count('appointments')).toBe(1);
    const visit = (await (await server.get(`/api/appointments/${visitId}`)).json()) as {
      scheduledDate: string;
    };
    expect(visit.scheduledDate).toBe('2026-11-24');
  });

  it('refuses wrong types with a 400 naming the field, never a 500', async () => {
    const bodies: [Record<string, unknown> | unknown[] | string, string][] = [
      [{ ...slot, crewId: '1' }, 'crewId'],
      [{ ...slot, crewId: 1.5 }, 'crewId'],
      [{ ...slot, crewId: null }, 'crewId'],
      [{ ...slot, time: '09:00' }, 'time'],
      [{ ...slot, time: ['9:00 AM'] }, 'time'],
      [{ ...slot, date: 20261125 }, 'date'],
      [{ ...slot, date: '2026-11-25T09:00:00Z' }, 'date'],
      [[slot], '_'],
    ];
    for (const [body, field] of bodies) {
      for (const path of [`/api/schedule/visits/${visitId}/move`, `/api/schedule/jobs/${jobId}/visit`]) {
        const res = await server.send('POST', path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        const { error } = (await res.json()) as { error: { fields?: Record<string, string> } };
        expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
      }
    }
    for (const status of ['scheduled', 'cancelled', 'paid', 1, null, { status: 'done' }]) {
      const res = await server.send('POST', `/api/jobs/${jobId}/status`, { status });
      expect(res.status, JSON.stringify(status)).toBe(400);
    }
    for (const change of [{ active: 'false' }, { active: 0 }, { name: 42 }, { color: 0x2d72d2 }]) {
      const res = await server.send('PATCH', '/api/crews/1', change);
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    // A range query given twice is an array, not a date.
    expect((await server.get('/api/schedule?from=2026-11-23&from=2026-11-24&to=2026-11-30')).status).toBe(
      400,
    );
    expect(server.errors).toEqual([]);
  });

  it("lets staff move visits but not change the crews, with the matrix's words", async () => {
    for (const [method, path, body] of [
      ['POST', '/api/crews', { name: 'Night crew', color: '#000000' }],
      ['PATCH', '/api/crews/1', { name: 'Renamed' }],
    ] as const) {
      const res = await staff.send(method, path, body);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: NOT_PERMITTED,
        message: notPermittedMessage('crews'),
      });
    }
    expect(notPermittedMessage('crews')).toBe('Only the owner can add, change or retire crews.');
    expect((await staff.get('/api/crews')).status).toBe(200);
    expect((await staff.send('POST', `/api/schedule/visits/${visitId}/move`, slot)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/schedule?from=2026-11-23&to=2026-11-29'],
      ['GET', '/api/jobs?status=unscheduled'],
      ['GET', '/api/crews'],
      ['POST', `/api/schedule/visits/${visitId}/move`],
      ['POST', `/api/jobs/${jobId}/status`],
    ]) {
      const res = await (method === 'GET'
        ? server.anonymous.get(path!)
        : server.anonymous.send(method!, path!, slot));
      expect(res.status, path).toBe(401);
    }
  });
});
