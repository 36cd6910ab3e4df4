// Time to first render of the admin's two biggest lists with 5,000 rows each, in Debian's
// Chromium, through the real backend serving the built admin; and the gzip weight of what the
// admin loads first. "First render" is the moment the newest row is on screen, measured in the
// page from the start of navigation (performance.now()), so it includes HTML, JS, the API
// calls and React's render.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { BENCH_OWNER, percentile, startBenchServer } from './bench-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const ROWS = Number(process.env.BENCH_SCREEN_ROWS ?? 5000);
const COLD_RUNS = Number(process.env.BENCH_SCREEN_COLD_RUNS ?? 5);
const WARM_RUNS = Number(process.env.BENCH_SCREEN_WARM_RUNS ?? 15);
const ADMIN_DIST = path.resolve(process.env.ADMIN_DIST ?? path.join(import.meta.dirname, '../../admin/dist'));

// Each screen and the text of its newest row (volume rows are numbered, row 0 is the newest).
const SCREENS = [
  { name: 'Photo Submissions', path: '/admin/photo-submissions', newestRow: 'Volume No0' },
  { name: 'Call Logs', path: '/admin/call-logs', newestRow: 'Caller No0' },
];

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The gzip size of the JS and CSS index.html pulls in before any screen's own lazy code. */
function firstLoadWeight() {
  const html = fs.readFileSync(path.join(ADMIN_DIST, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/admin\/([^"]+\.(js|css))"/g)];
  const total = { js: 0, css: 0, files: 0 };
  for (const [, file, kind] of assets) {
    const bytes = gzipSync(fs.readFileSync(path.join(ADMIN_DIST, file!)), { level: 6 }).length;
    total[kind as 'js' | 'css'] += bytes;
    total.files += 1;
  }
  return total;
}

// The little of the browser's globals the timing needs (the backend's types know no DOM).
interface PageGlobals {
  document: {
    querySelectorAll(selector: string): ArrayLike<{ childElementCount: number; textContent: string | null }>;
  };
  performance: { now(): number };
}

async function timeToNewestRow(context: BrowserContext, url: string, newestRow: string) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // Runs in the page. A leaf element whose whole text is the row's, so "Volume No0" does not
    // match a neighbour such as "Volume No01".
    const handle = await page.waitForFunction(
      (text) => {
        const { document, performance } = globalThis as unknown as PageGlobals;
        const leaves = Array.from(document.querySelectorAll('body *'));
        return (
          leaves.some((el) => el.childElementCount === 0 && el.textContent?.trim() === text) &&
          performance.now()
        );
      },
      newestRow,
      { polling: 'raf', timeout: 30_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await page.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(ADMIN_DIST, 'index.html'))) {
    throw new Error(`No admin build in ${ADMIN_DIST}: run \`npm run build -w @washdesk/admin\` first.`);
  }
  const weight = firstLoadWeight();
  const server = await startBenchServer({ submissions: ROWS, calls: ROWS }, { ADMIN_DIST });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const signedIn = async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const res = await context.request.post('/api/auth/login', { data: BENCH_OWNER });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    return context;
  };

  const figures: BenchFigure[] = [];
  const lines = [
    `${'screen'.padEnd(20)} ${'cold p50'.padStart(9)} ${'cold max'.padStart(9)} ${'warm p50'.padStart(9)} ${'warm p95'.padStart(9)}`,
  ];
  try {
    for (const screen of SCREENS) {
      // Cold: a browser that has never loaded the admin (new context, empty cache).
      const cold: number[] = [];
      for (let i = 0; i < COLD_RUNS; i++) {
        const context = await signedIn();
        cold.push(await timeToNewestRow(context, screen.path, screen.newestRow));
        await context.close();
      }
      // Warm: the same staff member opening the screen again (scripts cached, fresh data).
      const context = await signedIn();
      await timeToNewestRow(context, screen.path, screen.newestRow);
      const warm: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++)
        warm.push(await timeToNewestRow(context, screen.path, screen.newestRow));
      await context.close();
      cold.sort((a, b) => a - b);
      warm.sort((a, b) => a - b);
      const ms = (n: number) => `${Math.round(n)}ms`.padStart(9);
      figures.push({ name: `${screen.name}, warm p95`, value: percentile(warm, 95) });
      lines.push(
        `${screen.name.padEnd(20)} ${ms(percentile(cold, 50))} ${ms(cold.at(-1)!)} ${ms(percentile(warm, 50))} ${ms(percentile(warm, 95))}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  reportBudgets('Admin screens at 5,000 rows (no budget set yet)', figures);
  process.stdout.write(
    `${lines.join('\n')}\n(time from navigation start to the newest of ${ROWS.toLocaleString('en-US')} rows on screen; ` +
      `${COLD_RUNS} cold and ${WARM_RUNS} warm loads each)\n` +
      `Admin first load (gzip -6): JS ${kb(weight.js)}, CSS ${kb(weight.css)} in ${weight.files} files\n`,
  );
}

await main();
