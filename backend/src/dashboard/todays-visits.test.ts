import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todaysVisitsSchema } from '@washdesk/contract';
import { crewRepository } from '../crews/crew.repository.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// The dashboard's "Today's visits" through the real server and SQLite, on the injected clock.

/** Monday 23 November 2026, 7:00 AM in California. */
const NOW = Date.parse('2026-11-23T15:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

async function visit(name: string, date: string, time: string) {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: name,
    customerPhone: '(707) 555-0170',
    address: `1 ${name} Lane, Eureka`,
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe("today's visits", () => {
  it('lists the business’s today crew by crew in the order of the day, without cancelled ones', async () => {
    const crews = crewRepository(server.db);
    const first = crews.active()[0]!;
    const second = crews.create({ name: 'Crew 2', color: '#29A634' });
    crews.create({ name: 'Crew 3', color: '#D1980B' });
    await visit('Late', '2026-11-23', '2:00 PM');
    await visit('Early', '2026-11-23', '9:00 AM');
    const other = await visit('Roof', '2026-11-23', '9:00 AM');
    server.db.prepare('UPDATE appointments SET crew_id = ? WHERE id = ?').run(second.id, other);
    const gone = await visit('Gone', '2026-11-23', '11:00 AM');
    expect((await server.send('PUT', `/api/appointments/${gone}`, { status: 'cancelled', cancelReason: 'Rain' })).status).toBe(200);
    await visit('Tomorrow', '2026-11-24', '9:00 AM');

    const res = await server.get('/api/dashboard/todays-visits');
    expect(res.status).toBe(200);
    const today = todaysVisitsSchema.parse(await res.json());
    expect(today.date).toBe('2026-11-23');
    expect(today.crews.map((c) => [c.name, c.visits.map((v) => `${v.time} ${v.customerName}`)])).toEqual([
      [first.name, ['9:00 AM Early', '2:00 PM Late']],
      ['Crew 2', ['9:00 AM Roof']],
      ['Crew 3', []],
    ]);
    expect(today.crews[0]!.visits[0]).toMatchObject({ kind: 'estimate', durationMinutes: 30, status: 'scheduled' });
    expect((await server.anonymous.get('/api/dashboard/todays-visits')).status).toBe(401);
  });
});
