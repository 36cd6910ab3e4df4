import { BASE_ENV, bookVisit, placeFixtures } from './schedule-tools-rig.ts';
import type { TestServer } from './test-server.ts';

// The schedule-tools browser scenario (e2e-server.ts): the clock stands at Monday 30 November
// 2026, 8 AM in California, texting is on (a fake Twilio), the base is set, and Tuesday
// 1 December has three visits at known addresses (fixture points, no geocoder).

export const SCHEDULE_TOOLS_NOW = new Date('2026-11-30T16:00:00Z');
export const SCHEDULE_TOOLS_ENV = BASE_ENV;
export const RAINED_OUT_DAY = '2026-12-01';

const VISITS = [
  {
    name: 'Rosa Rainier',
    phone: '+17075550181',
    address: '100 Redwood Dr, Garberville, CA 95542',
    time: '9:00 AM',
    point: [40.1002, -123.7951],
  },
  {
    name: 'Sam Shower',
    phone: '+17075550182',
    address: '55 Main St, Redway, CA 95560',
    time: '11:00 AM',
    point: [40.1204, -123.8232],
  },
  {
    name: 'Dee Drizzle',
    phone: '+17075550183',
    address: '2 Sprowel Creek Rd, Garberville, CA 95542',
    time: '1:00 PM',
    point: [40.0921, -123.8307],
  },
] as const;

export async function seedScheduleTools(server: TestServer) {
  const ids: number[] = [];
  for (const v of VISITS) ids.push((await bookVisit(server, { ...v, date: RAINED_OUT_DAY })).id);
  placeFixtures(server, Object.fromEntries(VISITS.map((v) => [v.address, [v.point[0], v.point[1]]])));
  return { rainedOutDay: RAINED_OUT_DAY, visitIds: ids };
}
