// `npm run bench`: how long a committed write takes to reach staff on open event streams. 50 staff
// streams are open; each wizard request is committed, announced, and timed from the moment of the
// announcement (the event's own `at`, stamped right after the commit) to its arrival on each
// stream. Then 200 streams are held while events flow, and the server's heap is printed.
import { performance } from 'node:perf_hooks';
import type { LiveEvent } from '@washdesk/contract';
import { openEventStream, type EventStreamClient } from '../src/test/event-stream-client.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const STREAMS = 50;
const WRITES = Number(process.env.BENCH_RUNS ?? 200);
const HELD = 200;

const now = () => performance.timeOrigin + performance.now();
const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

async function main() {
  // The public form's per-address limit would stop a benchmark that posts from one address.
  const server = await startBenchServer(
    { submissions: 100, calls: 100, withPhotoRows: false },
    { RATE_LIMIT_PER_MINUTE: '1000000' },
  );
  const request = (i: number) =>
    fetch(`${server.url}/api/service-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: `Bench${i}`,
        lastName: 'Caller',
        email: 'bench@example.com',
        phone: '707-555-0123',
        address: '1 Main Street, Garberville',
        serviceType: 'house-washing',
      }),
    });

  const open = (n: number) =>
    Promise.all(Array.from({ length: n }, () => openEventStream(server.url, server.owner.cookie)));
  const streams = await open(STREAMS);
  const arrivals: number[] = [];
  const slowest: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const timings = streams.map((s: EventStreamClient) =>
      s
        .next((e) => (e.data as LiveEvent).summary?.startsWith(`New request from Bench${i} `))
        .then((e) => now() - Date.parse((e.data as LiveEvent).at)),
    );
    const res = await request(i);
    if (res.status !== 201) throw new Error(`request ${i}: ${res.status}`);
    const got = await Promise.all(timings);
    arrivals.push(...got);
    slowest.push(Math.max(...got));
    for (const s of streams) s.received.length = 0;
  }
  for (const s of streams) s.close();
  arrivals.sort((a, b) => a - b);
  slowest.sort((a, b) => a - b);

  // Memory stays flat while events flow: the heap after 100 events and after 500 more.
  const held = await open(HELD);
  let sent = WRITES;
  const flow = async (n: number) => {
    for (let i = 0; i < n; i++) await request(sent++);
    const last = `New request from Bench${sent - 1} `;
    await Promise.all(held.map((s) => s.next((e) => (e.data as LiveEvent).summary?.startsWith(last))));
    for (const s of held) s.received.length = 0;
    return heapMb();
  };
  const afterFirst = await flow(100);
  const afterMore = await flow(500);
  for (const s of held) s.close();

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  process.stdout.write(
    [
      `commit → event on ${STREAMS} open streams, ${WRITES} writes (${arrivals.length} deliveries):`,
      `  every delivery   p50 ${ms(percentile(arrivals, 50))}   p99 ${ms(percentile(arrivals, 99))}`,
      `  last of the ${STREAMS}   p50 ${ms(percentile(slowest, 50))}   p99 ${ms(percentile(slowest, 99))}`,
      `heap with ${HELD} streams held: ${afterFirst.toFixed(1)} MB after 100 events, ${afterMore.toFixed(1)} MB after 500 more (server and clients share this process)`,
      '',
    ].join('\n'),
  );
  reportBudgets('Live events (no budget set yet)', [
    { name: 'commit to event, every delivery, p99', value: percentile(arrivals, 99) },
    { name: `commit to event, last of ${STREAMS} streams, p99`, value: percentile(slowest, 99) },
  ] satisfies BenchFigure[]);
  await server.stop();
}

await main();
