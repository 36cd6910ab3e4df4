// The crew day's route for 15 stops (the most the exact order takes): the order alone (Held–Karp
// over 15 stops, 200 seeded days) and GET /api/schedule/route over real HTTP and SQLite with 15
// visits at fixture points. Prints p50 and p95; fails over the budgets (a staff member opening
// the route should not wait).
import { performance } from 'node:perf_hooks';
import { routeOrder } from '../src/schedule-tools/route-order.ts';
import { BASE, BASE_ENV, bookVisit, placeFixtures } from '../src/test/schedule-tools-rig.ts';
import { startTestServer } from '../src/test/test-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const DAYS = 200;
const READS = 100;
const STOPS = 15;
const ORDER_P95_BUDGET_MS = 250;
const READ_P95_BUDGET_MS = 400;

let seed = 0x5eed_2026;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const house = () => ({
  lat: BASE.latitude - 0.45 + random() * 0.9,
  lon: BASE.longitude - 0.55 + random() * 1.1,
});
const percentile = (times: number[], p: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;

const orderTimes: number[] = [];
for (let d = 0; d < DAYS; d++) {
  const stops = Array.from({ length: STOPS }, house);
  const start = performance.now();
  routeOrder({ lat: BASE.latitude, lon: BASE.longitude }, stops);
  orderTimes.push(performance.now() - start);
}

const NOW = Date.parse('2026-11-30T16:00:00Z');
const server = await startTestServer({ env: BASE_ENV, clock: () => NOW });
const points: Record<string, [number, number]> = {};
const times = [
  '8:00 AM',
  '9:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '1:00 PM',
  '2:00 PM',
  '3:00 PM',
  '4:00 PM',
];
for (let i = 0; i < STOPS; i++) {
  const address = `${100 + i} Bench Rd, Garberville, CA 95542`;
  const p = house();
  points[address] = [p.lat, p.lon];
  await bookVisit(server, {
    name: `Bench ${i}`,
    phone: '(707) 555-0150',
    address,
    date: '2026-12-02',
    time: times[i % times.length]!,
  });
}
placeFixtures(server, points);
const readTimes: number[] = [];
for (let i = 0; i < READS + 5; i++) {
  const start = performance.now();
  const res = await server.get('/api/schedule/route?date=2026-12-02&crewId=1');
  const route = (await res.json()) as { stops: unknown[] };
  if (res.status !== 200 || route.stops.length !== STOPS) throw new Error(`route read: ${res.status}`);
  if (i >= 5) readTimes.push(performance.now() - start);
}
await server.stop();

const lines = [
  ['order of 15 stops (Held–Karp)', orderTimes, ORDER_P95_BUDGET_MS],
  ['GET /api/schedule/route, 15 visits', readTimes, READ_P95_BUDGET_MS],
] as const;
let over = false;
for (const [label, sample, budget] of lines) {
  const p95 = percentile([...sample], 95);
  over ||= p95 > budget;
  console.log(
    `${label}: p50 ${percentile([...sample], 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${budget} ms)${p95 > budget ? '  OVER BUDGET' : ''}`,
  );
}
reportBudgets(
  "The crew day's route",
  lines.map(([label, sample, budget]): BenchFigure => ({
    name: `${label}, p95`,
    value: percentile([...sample], 95),
    max: budget,
  })),
);
process.exit(over ? 1 : 0);
