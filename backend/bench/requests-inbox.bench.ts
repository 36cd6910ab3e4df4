// `npm run bench`: the requests inbox and the customer search (the Omnibar) with 100,000 leads
// over real HTTP on a real SQLite file —
// the first page, a stage and a channel filter, a deep page, and searches by name, by a phone
// number typed another way, by e-mail and by address. Each line gives p50/p95 and what it found.
import { performance } from 'node:perf_hooks';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { openDatabase } from '../src/db/database.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { SOUGHT, seedLeads } from './lead-volume.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function main() {
  const server = await startBenchServer({ submissions: 0, calls: 0 });
  const seedStart = performance.now();
  const db = openDatabase(server.config.databaseFile, server.config.migrationsDir);
  seedLeads(db, LEADS);
  const leads = (db.prepare('SELECT COUNT(*) FROM leads').pluck().get() as number).toLocaleString('en-US');
  const customers = (
    db.prepare('SELECT COUNT(*) FROM customers WHERE merged_into IS NULL').pluck().get() as number
  ).toLocaleString('en-US');
  db.close();
  process.stdout.write(
    `Seeded ${leads} leads (${customers} customer records) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const q = (text: string) => `/api/leads?limit=50&q=${encodeURIComponent(text)}`;
  const c = (text: string) => `/api/customers?limit=8&q=${encodeURIComponent(text)}`;
  const cases: [string, string][] = [
    ['first page', '/api/leads?limit=50'],
    ['stage: estimate booked', '/api/leads?limit=50&stage=estimate-booked'],
    ['stage: lost, page 20', '/api/leads?limit=50&stage=lost&offset=950'],
    ['channel: messenger', '/api/leads?limit=50&channel=messenger'],
    ['stage + channel', '/api/leads?limit=50&stage=won&channel=phone'],
    ['deep page (last)', `/api/leads?limit=50&offset=${Math.max(0, LEADS - 50)}`],
    ['search: name', q('Whitfield')],
    ['search: phone, another format', q('707.555.0123')],
    ['search: e-mail', q(SOUGHT.email)],
    ['search: address', q('Juniper Hollow')],
    ['search: common name, page 1', q('Garcia')],
    ['search: nothing matches', q('Zebediah')],
    // The Omnibar (Ctrl+K): customer records over the same leads, eight results a page.
    ['customers: name', c('Whitfield')],
    ['customers: phone, another format', c('+1 707.555.0123')],
    ['customers: e-mail', c(SOUGHT.email)],
    ['customers: address', c('Juniper Hollow')],
    ['customers: common name', c('Garcia')],
    ['customers: nothing matches', c('Zebediah')],
  ];
  const figures: BenchFigure[] = [];
  const lines = [`${'case'.padEnd(32)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'found'.padStart(8)}`];
  for (const [name, path] of cases) {
    let found = 0;
    const once = async () => {
      const res = await server.get(path);
      await res.arrayBuffer();
      found = Number(res.headers.get(TOTAL_COUNT_HEADER));
    };
    for (let i = 0; i < 10; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(2)}ms`.padStart(9);
    figures.push({ name: `${name}, p95`, value: percentile(times, 95) });
    lines.push(
      `${name.padEnd(32)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${found.toLocaleString('en-US').padStart(8)}`,
    );
  }
  process.stdout.write(
    `${lines.join('\n')}\n(GET /api/leads and /api/customers, ${RUNS} sequential requests each after 10 warm-up; ${leads} leads)\n`,
  );
  reportBudgets('Requests inbox and customer search (no budget set yet)', figures);
  await server.stop();
}

await main();
