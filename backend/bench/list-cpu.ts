// The server's CPU per request of admin lists (issue 38): on a busy 2-core machine a list's wall
// time is mostly waiting for a core, so what the server spends per request is the figure to cut.
// Starts the lists bench's server (the seeded 100,000-row database) in a process of its own, asks
// each list LIST_CPU_RUNS times one after another as a browser does (brotli), and prints that
// process's user+system CPU per request from /proc/<pid>/stat beside the wall p50/p95.
//
//   node --import tsx backend/bench/list-cpu.ts [/api/calls?limit=50 …]
//   LIST_CPU_PROFILE=/tmp/lists.cpuprofile …  also profiles the server over the measured requests
//   (start-up excluded); open it in Chrome's DevTools or read its self times.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { cpuMsOf, percentile } from './bench-server.ts';

const DEFAULT_PATHS = [
  '/api/photo-submissions?limit=50',
  '/api/calls?limit=50',
  '/api/customers?limit=50',
  '/api/invoices?limit=50',
];
const DATABASE =
  process.env.LIST_CPU_DATABASE ?? path.join(os.tmpdir(), 'washdesk-bench-lists-money-100000.sqlite');
const RUNS = Number(process.env.LIST_CPU_RUNS ?? 1000);
const BATCH = 250;

/** The server side: the bench server, and the inspector's profiler driven by lines on stdin. */
async function serve(databaseFile: string) {
  const { startBenchServer } = await import('./bench-server.ts');
  const server = await startBenchServer({ databaseFile });
  const session = new inspector.Session();
  session.connect();
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    void (async () => {
      if (line === 'profile') {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
      } else if (line.startsWith('save ')) {
        const { profile } = await session.post('Profiler.stop');
        fs.writeFileSync(line.slice(5), JSON.stringify(profile));
      }
      process.stdout.write('done\n');
    })();
  });
  lines.on('close', () => void server.stop().then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ url: server.url, cookie: server.owner.cookie })}\n`);
}

async function measure(paths: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', DATABASE], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const nextLine = async () => (await iterator.next()).value as string;
  const { url, cookie } = JSON.parse(await nextLine()) as { url: string; cookie: string };
  const ask = async (pathname: string) => {
    const res = await fetch(`${url}${pathname}`, {
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' },
    });
    if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
    return res.arrayBuffer();
  };
  const profile = process.env.LIST_CPU_PROFILE;
  for (const pathname of paths) {
    for (let i = 0; i < 100; i++) await ask(pathname);
    if (profile) {
      child.stdin.write('profile\n');
      await nextLine();
    }
    // In batches: on a shared machine another process's burst inflates one batch's CPU (caches,
    // switches), so the least and the median batch are printed beside the whole run's mean.
    const times: number[] = [];
    const batches: number[] = [];
    const cpuBefore = cpuMsOf(child.pid!);
    let bytes = 0;
    for (let b = 0; b < RUNS / BATCH; b++) {
      const batchStart = cpuMsOf(child.pid!);
      for (let i = 0; i < BATCH; i++) {
        const start = performance.now();
        bytes = (await ask(pathname)).byteLength;
        times.push(performance.now() - start);
      }
      batches.push((cpuMsOf(child.pid!) - batchStart) / BATCH);
    }
    const cpu = (cpuMsOf(child.pid!) - cpuBefore) / times.length;
    batches.sort((a, b) => a - b);
    if (profile) {
      const file =
        paths.length > 1 ? profile.replace(/(\.cpuprofile)?$/, `-${paths.indexOf(pathname)}$1`) : profile;
      child.stdin.write(`save ${file}\n`);
      await nextLine();
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${pathname.padEnd(40)} cpu ${cpu.toFixed(2)} ms/req (batches: least ${batches[0]!.toFixed(2)}, median ${percentile(batches, 50).toFixed(2)})  wall p50 ${percentile(times, 50).toFixed(2)} p95 ${percentile(times, 95).toFixed(2)} ms  ${bytes} B\n`,
    );
  }
  process.stdout.write(
    `(${RUNS} sequential requests each after 100 warm-up, in batches of ${BATCH}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await measure(process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PATHS);
