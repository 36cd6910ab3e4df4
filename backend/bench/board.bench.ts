// `npm run bench -- board`: the crew's board with 1,000 visits in one week (five crews). The p95
// of GET /api/schedule for that week over real HTTP, of a move (POST /api/schedule/visits/:id/move,
// the booking rules included), and of the week view's first render in Debian's Chromium through
// the built admin: from navigation start until the 1,000th visit card is on screen.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext } from '@playwright/test';
import { PREFERRED_TIMES } from '@washdesk/contract';
import { openDatabase } from '../src/db/database.ts';
import { crewRepository } from '../src/crews/crew.repository.ts';
import { jobRepository } from '../src/jobs/job.repository.ts';
import { signIn } from '../src/test/test-server.ts';
import { BENCH_OWNER, percentile, startThrowawayServer } from './bench-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const VISITS = Number(process.env.BENCH_BOARD_VISITS ?? 1000);
const API_RUNS = Number(process.env.BENCH_BOARD_API_RUNS ?? 100);
const MOVES = Number(process.env.BENCH_BOARD_MOVES ?? 100);
const COLD_RUNS = Number(process.env.BENCH_BOARD_COLD_RUNS ?? 3);
const WARM_RUNS = Number(process.env.BENCH_BOARD_WARM_RUNS ?? 10);
// Budgets, in ms at p95 on a developer's machine; a miss makes the run exit 1.
const API_BUDGET = Number(process.env.BENCH_BOARD_API_P95_MS ?? 150);
const MOVE_BUDGET = Number(process.env.BENCH_BOARD_MOVE_P95_MS ?? 50);
const RENDER_BUDGET = Number(process.env.BENCH_BOARD_RENDER_P95_MS ?? 2500);
const ADMIN_DIST = path.resolve(process.env.ADMIN_DIST ?? path.join(import.meta.dirname, '../../admin/dist'));

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** A Monday a year ahead: every slot of its week is in the future whatever day the bench runs. */
function mondayNextYear() {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  const date = d.toISOString().slice(0, 10);
  return addDays(date, -((d.getUTCDay() + 6) % 7));
}
const MONDAY = mondayNextYear();
// The mover works a week later, alone on its crew's day, so each move is the rules' real work.
const MOVER_DAY = addDays(MONDAY, 8);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];

/** 1,000 visits over the week's five working days, five crews, every hour; half are jobs. */
function seedBoard(databaseFile: string, migrationsDir: string) {
  const db = openDatabase(databaseFile, migrationsDir);
  const crews = crewRepository(db);
  const crewIds = [crews.all()[0]!.id];
  for (const [i, color] of ['#29A634', '#D1980B', '#CD4246', '#7961DB'].entries())
    crewIds.push(crews.create({ name: `Crew ${i + 2}`, color }).id);
  const jobs = jobRepository(db);
  const insert = db.prepare(`INSERT INTO appointments (customer_name, customer_phone, address, service_type,
    scheduled_date, preferred_time, status, kind, job_id, crew_id, duration_minutes, created_at, updated_at)
    VALUES (?, '7075550100', ?, ?, ?, ?, 'scheduled', ?, ?, ?, ?, ?, ?)`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < VISITS; i++) {
      const date = addDays(MONDAY, i % 5);
      const crewId = crewIds[Math.floor(i / 5) % crewIds.length]!;
      const time = PREFERRED_TIMES[Math.floor(i / 25) % (PREFERRED_TIMES.length - 1)]!;
      const name = `Board customer ${i}`;
      const address = `${i} Redwood Drive, Garberville`;
      if (i % 2) {
        const job = jobs.create({
          customerName: name,
          customerPhone: '7075550100',
          address,
          title: 'House wash',
          durationMinutes: 120,
          lineItems: [{ service: 'House wash', areaSqFt: 2000, unitPriceCents: 50, amountCents: 100_000 }],
        });
        jobs.setStatus(job.id, 'scheduled');
        insert.run(name, address, 'House wash', date, time, 'job', job.id, crewId, 120, now, now);
      } else insert.run(name, address, 'house-wash', date, time, 'estimate', null, crewId, 30, now, now);
    }
  })();
  const mover = Number(
    insert.run(
      'Mover',
      '1 Main Street',
      'house-wash',
      MOVER_DAY,
      '8:00 AM',
      'estimate',
      null,
      crewIds[0],
      30,
      now,
      now,
    ).lastInsertRowid,
  );
  db.close();
  return { mover, crewId: crewIds[0]! };
}

async function p95Of(runs: number, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface PageGlobals {
  document: { querySelectorAll(selector: string): { length: number } };
  performance: { now(): number };
}

async function timeToAllCards(context: BrowserContext, url: string, cards: number) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (n) => {
        const { document, performance } = globalThis as unknown as PageGlobals;
        return document.querySelectorAll('.board-visit').length >= n && performance.now();
      },
      cards,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await page.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(ADMIN_DIST, 'index.html')))
    throw new Error(`No admin build in ${ADMIN_DIST}: run \`npm run build -w @washdesk/admin\` first.`);
  let seeded = { mover: 0, crewId: 0 };
  const server = await startThrowawayServer(
    { LOG_LEVEL: 'warn', OWNER_EMAIL: BENCH_OWNER.email, OWNER_PASSWORD: BENCH_OWNER.password, ADMIN_DIST },
    { seed: (config) => void (seeded = seedBoard(config.databaseFile, config.migrationsDir)) },
  );
  const owner = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const lines: string[] = [];
  let missed = 0;
  const figures: BenchFigure[] = [];
  const report = (what: string, p50: number, p95: number, budget: number) => {
    if (p95 > budget) missed += 1;
    figures.push({ name: `${what}, p95`, value: p95, max: budget });
    lines.push(
      `${what.padEnd(44)} p50 ${`${p50.toFixed(1)}ms`.padStart(9)}  p95 ${`${p95.toFixed(1)}ms`.padStart(9)}  budget ${budget}ms${p95 > budget ? '  MISSED' : ''}`,
    );
  };
  try {
    const week = `/api/schedule?from=${MONDAY}&to=${addDays(MONDAY, 6)}`;
    const first = (await (
      await fetch(`${server.url}${week}`, { headers: { Cookie: owner.cookie } })
    ).json()) as unknown[];
    if (first.length !== VISITS) throw new Error(`the week lists ${first.length} visits, not ${VISITS}`);
    const read = await p95Of(API_RUNS, async () => {
      const res = await fetch(`${server.url}${week}`, { headers: { Cookie: owner.cookie } });
      if (!res.ok) throw new Error(`${week}: ${res.status}`);
      await res.arrayBuffer();
    });
    report(`GET the week (${VISITS.toLocaleString('en-US')} visits)`, read.p50, read.p95, API_BUDGET);

    let hop = 0;
    const move = await p95Of(MOVES, async () => {
      hop += 1;
      const res = await fetch(`${server.url}/api/schedule/visits/${seeded.mover}/move`, {
        method: 'POST',
        headers: {
          Cookie: owner.cookie,
          'X-CSRF-Token': owner.csrfToken,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          date: MOVER_DAY,
          time: hop % 2 ? '10:00 AM' : '8:00 AM',
          crewId: seeded.crewId,
        }),
      });
      if (!res.ok) throw new Error(`move: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    report('POST a move (rules, write, announce)', move.p50, move.p95, MOVE_BUDGET);

    const signedIn = async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1366, height: 900 },
      });
      const res = await context.request.post('/api/auth/login', { data: BENCH_OWNER });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
      return context;
    };
    const url = `/admin/board?view=week&date=${MONDAY}`;
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const context = await signedIn();
      cold.push(await timeToAllCards(context, url, VISITS));
      await context.close();
    }
    const context = await signedIn();
    await timeToAllCards(context, url, VISITS);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeToAllCards(context, url, VISITS));
    await context.close();
    cold.sort((a, b) => a - b);
    warm.sort((a, b) => a - b);
    report('Week view first render, cold (new browser)', percentile(cold, 50), cold.at(-1)!, RENDER_BUDGET);
    report('Week view first render, warm', percentile(warm, 50), percentile(warm, 95), RENDER_BUDGET);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.stdout.write(
    `${lines.join('\n')}\n(${API_RUNS} reads, ${MOVES} moves, ${COLD_RUNS} cold and ${WARM_RUNS} warm renders at 1366 px; the cold line's p95 is its slowest)\n`,
  );
  reportBudgets("The crew's board", figures);
  if (missed) process.exit(1);
}

await main();
