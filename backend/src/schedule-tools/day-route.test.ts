import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCensusGeocoder, type FakeCensusGeocoder } from '../test/fake-census-geocoder.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { distanceMatrix, exactOrder, tourMiles } from './route-order.ts';
import { BASE, BASE_ENV, bookVisit, placeFixtures } from '../test/schedule-tools-rig.ts';

// The crew day's route over real HTTP and a real SQLite file: points from fixtures, from the
// Census geocoder (a fake on 127.0.0.1) asked once per address, or from staff's pin.

// Monday 30 November 2026, 8 AM in California; the route is for Wednesday 2 December.
const NOW = Date.parse('2026-11-30T16:00:00Z');
const DAY = '2026-12-02';

const HOUSES: Record<string, [number, number]> = {
  '100 Redwood Dr, Garberville, CA 95542': [40.1002, -123.7951],
  '2 Sprowel Creek Rd, Garberville, CA 95542': [40.0921, -123.8307],
  '55 Main St, Redway, CA 95560': [40.1204, -123.8232],
  '9 Shelter Cove Rd, Whitethorn, CA 95589': [40.0289, -123.9921],
  '14 Briceland Rd, Redway, CA 95560': [40.1173, -123.8891],
};
const ADDRESSES = Object.keys(HOUSES);
const TIMES = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM'];

async function bookDay(server: Pick<TestServer, 'send'>, date = DAY, prefix = '') {
  const ids: number[] = [];
  for (const [i, address] of ADDRESSES.entries())
    ids.push(
      (
        await bookVisit(server, {
          name: `${prefix}Customer ${i + 1}`,
          phone: `(707) 555-01${String(10 + i)}`,
          address,
          date,
          time: TIMES[i]!,
        })
      ).id,
    );
  return ids;
}

describe('the route of a crew day, without a geocoder', () => {
  let server: TestServer;
  let ids: number[];
  beforeAll(async () => {
    server = await startTestServer({ env: BASE_ENV, clock: () => NOW });
    ids = await bookDay(server);
    // Every house but the last has a fixture point; the last is listed apart until pinned.
    placeFixtures(server, Object.fromEntries(Object.entries(HOUSES).slice(0, 4)));
  });
  afterAll(() => server.stop());
  afterEach(() => expect(server.errors).toEqual([]));

  it('answers the shortest order from and back to the base, and lists the stop without a point apart', async () => {
    const res = await server.get(`/api/schedule/route?date=${DAY}&crewId=1`);
    expect(res.status).toBe(200);
    const route = await res.json();
    expect(route.unlocated).toEqual([
      { visitId: ids[4], customerName: 'Customer 5', address: ADDRESSES[4], time: '1:00 PM' },
    ]);
    const points = ADDRESSES.slice(0, 4).map((a) => ({ lat: HOUSES[a]![0], lon: HOUSES[a]![1] }));
    const d = distanceMatrix({ lat: BASE.latitude, lon: BASE.longitude }, points);
    const best = exactOrder(d, 4);
    // The shortest tour, driven the way the day already runs (a tour and its reverse are as long).
    const shortest = best.map((i) => ids[i]);
    const driven = route.stops.map((s: { visitId: number }) => s.visitId);
    expect([shortest, [...shortest].reverse()]).toContainEqual(driven);
    expect(ids.indexOf(driven[0])).toBeLessThan(ids.indexOf(driven.at(-1)));
    expect(route.totalMiles).toBeCloseTo(Math.round(tourMiles(d, best) * 10) / 10, 5);
    expect(route.exact).toBe(true);
    expect(route.stops[0].source).toBe('fixture');
    // Each leg is from the stop before (the base for the first); the way home closes the total.
    const legs = route.stops.reduce((sum: number, s: { legMiles: number }) => sum + s.legMiles, 0);
    expect(legs).toBeLessThan(route.totalMiles);
  });

  it('a pin staff drop puts the stop in the order, and a geocoder or fixture never overwrites it', async () => {
    const pinned = await server.send('PUT', `/api/schedule/visits/${ids[4]}/place`, {
      latitude: 40.1173,
      longitude: -123.8891,
    });
    expect(pinned.status).toBe(200);
    placeFixtures(server, { [ADDRESSES[4]!]: [10, 10] });
    const route = await (await server.get(`/api/schedule/route?date=${DAY}&crewId=1`)).json();
    expect(route.unlocated).toEqual([]);
    const stop = route.stops.find((s: { visitId: number }) => s.visitId === ids[4]);
    expect(stop).toMatchObject({ latitude: 40.1173, longitude: -123.8891, source: 'pin' });
  });

  it('refuses a pin off the globe with the field named', async () => {
    const res = await server.send('PUT', `/api/schedule/visits/${ids[0]}/place`, {
      latitude: 91,
      longitude: 0,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ latitude: 'A latitude is between -90 and 90' });
  });

  it('says clearly that the base is missing when SERVICE_BASE_LOCATION is unset', async () => {
    const bare = await startTestServer({ clock: () => NOW });
    try {
      const res = await bare.get(`/api/schedule/route?date=${DAY}&crewId=1`);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'no_service_base' });
    } finally {
      await bare.stop();
    }
  });
});

describe('the route with the Census geocoder configured', () => {
  let geocoder: FakeCensusGeocoder;
  let server: TestServer;
  beforeAll(async () => {
    geocoder = await startFakeCensusGeocoder();
    for (const [address, [latitude, longitude]] of Object.entries(HOUSES).slice(0, 3))
      geocoder.points.set(address, { latitude, longitude });
    server = await startTestServer({ env: { ...BASE_ENV, ...geocoder.env }, clock: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
    await geocoder.close();
  });

  it('looks each address up once (a miss too), and asks again only after the geocoder failed', async () => {
    geocoder.mode = 'fail';
    await bookVisit(server, {
      name: 'Early',
      phone: '(707) 555-0199',
      address: ADDRESSES[0]!,
      date: DAY,
      time: '8:00 AM',
    });
    const down = await (await server.get(`/api/schedule/route?date=${DAY}&crewId=1`)).json();
    expect(down.unlocated).toHaveLength(1);
    geocoder.mode = 'answer';
    geocoder.lookups.length = 0;
    await bookDay(server, DAY, 'More ');
    const first = await (await server.get(`/api/schedule/route?date=${DAY}&crewId=1`)).json();
    // Five addresses, the first booked twice: five lookups, and the census ones in the order.
    expect([...geocoder.lookups].sort()).toEqual([...ADDRESSES].sort());
    expect(first.stops).toHaveLength(4);
    expect(first.stops.every((s: { source: string }) => s.source === 'census')).toBe(true);
    expect(first.unlocated.map((u: { address: string }) => u.address).sort()).toEqual(
      ADDRESSES.slice(3).sort(),
    );
    await server.get(`/api/schedule/route?date=${DAY}&crewId=1`);
    expect(geocoder.lookups).toHaveLength(5);
  });
});

describe('applying the route', () => {
  let office: TextingServer;
  let ids: number[];
  beforeAll(async () => {
    office = await startTextingServer({ start: NOW, env: BASE_ENV });
    ids = await bookDay(office.server);
    placeFixtures(office.server, HOUSES);
  });
  afterAll(() => office.stop());
  afterEach(() => expect(office.server.errors).toEqual([]));

  it('gives the visits times in the route order within open hours and texts each moved customer', async () => {
    const planned = await (await office.server.get(`/api/schedule/route?date=${DAY}&crewId=1`)).json();
    const res = await office.server.send('POST', '/api/schedule/route/apply', { date: DAY, crewId: 1 });
    expect(res.status).toBe(200);
    const applied = await res.json();
    expect(applied.route.stops.map((s: { visitId: number }) => s.visitId)).toEqual(
      planned.stops.map((s: { visitId: number }) => s.visitId),
    );
    // Stored times follow the order: each starts after the one before it.
    const stored = await Promise.all(
      applied.route.stops.map(async (s: { visitId: number }) =>
        (await office.server.get(`/api/appointments/${s.visitId}`)).json(),
      ),
    );
    const hours = stored.map((a) => {
      const [h, rest] = (a.preferredTime as string).split(':');
      return (Number(h) % 12) + (rest!.endsWith('PM') ? 12 : 0);
    });
    expect([...hours].sort((a, b) => a - b)).toEqual(hours);
    expect(stored.every((a) => a.scheduledDate === DAY && a.crewId === 1)).toBe(true);
    // Each customer whose time changed gets one text, in the words of the preview, at once.
    for (const moved of applied.moved) {
      expect(moved.message.texted).toBe(true);
      expect(moved.message.body).toContain(`is now at ${moved.to}`);
    }
    await office.at(NOW + 1000);
    for (const moved of applied.moved) expect(office.textsTo(moved.message.to)).toEqual([moved.message.body]);
    expect(ids).toHaveLength(5);
  });

  it('a second apply of the same order changes nothing and texts nobody again', async () => {
    const before = office.twilio.texts.length;
    const applied = await (
      await office.server.send('POST', '/api/schedule/route/apply', { date: DAY, crewId: 1 })
    ).json();
    expect(applied.moved).toEqual([]);
    await office.at(NOW + 2000);
    expect(office.twilio.texts.length).toBe(before);
  });
});
