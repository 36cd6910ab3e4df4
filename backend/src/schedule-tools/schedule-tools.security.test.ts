import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crewRepository } from '../crews/crew.repository.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { BASE_ENV, bookVisit } from '../test/schedule-tools-rig.ts';

// Attacks on the route and rain-day routes: strangers, other crews and days, wrong types, an undo
// id of another day, a replayed or forged undo. Each is refused and changes nothing.

const NOW = Date.parse('2026-11-30T16:00:00Z');
const MONDAY = '2026-12-07';
const TUESDAY = '2026-12-08';
const FRIDAY = '2026-12-11';

describe('route and rain day attacks', () => {
  let office: TextingServer;
  let crew1Visit: number;
  let crew2Visit: number;
  let tuesdayVisit: number;
  let crew2: number;
  const dayOf = async (id: number) =>
    (await (await office.server.get(`/api/appointments/${id}`)).json()).scheduledDate;
  beforeAll(async () => {
    office = await startTextingServer({ start: NOW, env: BASE_ENV });
    crew2 = crewRepository(office.server.db).create({ name: 'Crew 2', color: '#238551' }).id;
    const seed = { phone: '+17075550131', address: '100 Redwood Dr, Garberville, CA 95542' };
    crew1Visit = (await bookVisit(office.server, { ...seed, name: 'One', date: MONDAY, time: '9:00 AM' })).id;
    crew2Visit = (await bookVisit(office.server, { ...seed, name: 'Two', date: MONDAY, time: '9:00 AM' })).id;
    office.server.db.prepare('UPDATE appointments SET crew_id = ? WHERE id = ?').run(crew2, crew2Visit);
    tuesdayVisit = (
      await bookVisit(office.server, { ...seed, name: 'Three', date: TUESDAY, time: '9:00 AM' })
    ).id;
  });
  afterAll(() => office.stop());
  afterEach(() => expect(office.server.errors).toEqual([]));

  it('a stranger can neither read a route nor move a day', async () => {
    const anonymous = office.server.anonymous;
    expect((await anonymous.get(`/api/schedule/route?date=${MONDAY}&crewId=1`)).status).toBe(401);
    for (const [path, body] of [
      ['/api/schedule/route/apply', { date: MONDAY, crewId: 1 }],
      ['/api/schedule/rain-day/preview', { date: MONDAY, toDate: FRIDAY }],
      ['/api/schedule/rain-day', { date: MONDAY, toDate: FRIDAY }],
      ['/api/schedule/rain-day/0123456789abcdef0123456789abcdef/undo', {}],
    ] as const)
      expect((await anonymous.send('POST', path, body)).status).toBe(401);
    expect(await dayOf(crew1Visit)).toBe(MONDAY);
  });

  it('refuses wrong types and unknown fields with the field named', async () => {
    const refusals: [string, unknown, string][] = [
      ['/api/schedule/rain-day', { date: 'tomorrow', toDate: FRIDAY }, 'date'],
      ['/api/schedule/rain-day', { date: MONDAY, toDate: 'next-week' }, 'toDate'],
      ['/api/schedule/rain-day', { date: MONDAY, toDate: FRIDAY, crewId: '1' }, 'crewId'],
      ['/api/schedule/rain-day', { date: MONDAY, toDate: FRIDAY, crewId: 1.5 }, 'crewId'],
      ['/api/schedule/rain-day', { date: [MONDAY], toDate: FRIDAY }, 'date'],
      ['/api/schedule/rain-day/preview', { date: MONDAY, toDate: MONDAY }, 'toDate'],
      ['/api/schedule/route/apply', { date: MONDAY, crewId: '1; DROP TABLE appointments' }, 'crewId'],
    ];
    for (const [path, body, field] of refusals) {
      const res = await office.server.send('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).error.fields ?? {})).toContain(field);
    }
    const extra = await office.server.send('POST', '/api/schedule/rain-day', {
      date: MONDAY,
      toDate: FRIDAY,
      force: true,
    });
    expect(extra.status).toBe(400);
    expect((await office.server.get(`/api/schedule/route?date=2026-02-30&crewId=1`)).status).toBe(400);
    expect((await office.server.get(`/api/schedule/route?date=${MONDAY}&crewId=abc`)).status).toBe(400);
    expect(await dayOf(crew1Visit)).toBe(MONDAY);
  });

  it('a crew that does not exist is not found; one crew’s rain day never moves another crew’s visits', async () => {
    expect((await office.server.get(`/api/schedule/route?date=${MONDAY}&crewId=99`)).status).toBe(404);
    expect(
      (
        await office.server.send('POST', '/api/schedule/rain-day', {
          date: MONDAY,
          crewId: 99,
          toDate: FRIDAY,
        })
      ).status,
    ).toBe(404);
    const route = await (
      await office.server.get(`/api/schedule/route?date=${MONDAY}&crewId=${crew2}`)
    ).json();
    expect([...route.stops, ...route.unlocated].map((s: { visitId: number }) => s.visitId)).toEqual([
      crew2Visit,
    ]);
    const res = await office.server.send('POST', '/api/schedule/rain-day', {
      date: MONDAY,
      crewId: crew2,
      toDate: FRIDAY,
    });
    expect(res.status).toBe(201);
    const applied = await res.json();
    expect(applied.moves.map((m: { visitId: number }) => m.visitId)).toEqual([crew2Visit]);
    expect(await dayOf(crew1Visit)).toBe(MONDAY);
    expect(await dayOf(tuesdayVisit)).toBe(TUESDAY);
    expect(await dayOf(crew2Visit)).toBe(FRIDAY);
    // Put back so the next test starts from the same board.
    expect(
      (await office.server.send('POST', `/api/schedule/rain-day/${applied.undoId}/undo`, {})).status,
    ).toBe(200);
  });

  it('an undo id of another day is refused and touches neither day; a replayed undo changes nothing', async () => {
    const monday = await (
      await office.server.send('POST', '/api/schedule/rain-day', { date: MONDAY, toDate: FRIDAY })
    ).json();
    const tuesday = await (
      await office.server.send('POST', '/api/schedule/rain-day', { date: TUESDAY, toDate: FRIDAY })
    ).json();
    const wrongDay = await office.server.send('POST', `/api/schedule/rain-day/${monday.undoId}/undo`, {
      date: TUESDAY,
    });
    expect(wrongDay.status).toBe(409);
    expect((await wrongDay.json()).error.message).toBe(
      'This undo belongs to the rain day of Monday, December 7, not this day.',
    );
    expect(await dayOf(crew1Visit)).toBe(FRIDAY);
    expect(await dayOf(tuesdayVisit)).toBe(FRIDAY);
    // Tuesday's own undo puts back Tuesday only.
    expect(
      (await office.server.send('POST', `/api/schedule/rain-day/${tuesday.undoId}/undo`, { date: TUESDAY }))
        .status,
    ).toBe(200);
    expect(await dayOf(tuesdayVisit)).toBe(TUESDAY);
    expect(await dayOf(crew1Visit)).toBe(FRIDAY);
    // Replayed: refused, and Tuesday's visit, moved again by hand meanwhile, stays where staff put it.
    await office.server.send('PUT', `/api/appointments/${tuesdayVisit}`, {
      scheduledDate: FRIDAY,
      allowOverlap: true,
    });
    const replay = await office.server.send('POST', `/api/schedule/rain-day/${tuesday.undoId}/undo`, {
      date: TUESDAY,
    });
    expect(replay.status).toBe(409);
    expect((await replay.json()).error.code).toBe('already_undone');
    expect(await dayOf(tuesdayVisit)).toBe(FRIDAY);
  });

  it('a forged or malformed undo id names no rain day', async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', '..%2F..%2Fx', "1' OR '1'='1", 'a'.repeat(200)])
      expect(
        (await office.server.send('POST', `/api/schedule/rain-day/${encodeURIComponent(id)}/undo`, {}))
          .status,
      ).toBe(404);
  });
});
