// `npm run bench -- money`: the ledger and the money reports at volume (issue 35) — 100,000 ledger
// rows over two years (about 30,000 invoices with their lines, deposits, instalments, tips,
// refunds) and 100,000 customer records, on a real SQLite file, over real HTTP as the owner:
// a page of the ledger (first and deep, by key), the open-balance sums, the weekly report (8 and
// 52 weeks, read from migration 0065's rollups), the dashboard's money, the Customers list with
// the "Open balance" filter, and the QuickBooks
// exports of a year. Each line gives p50/p95 beside its budget and says which budget is missed;
// the exit code is 1 when any is.
import { performance } from 'node:perf_hooks';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { openDatabase } from '../src/db/database.ts';
import { ledgerRepository } from '../src/payments/ledger.repository.ts';
import { openBalanceOf, OWING_CUSTOMERS } from '../src/payments/open-balance.ts';
import { seedMoney } from '../src/test/money-fixtures.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 30_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);
/** Budgets in milliseconds (p95): a page or a report a person waits on, and a year's download. */
const PAGE_BUDGET_MS = Number(process.env.BENCH_MONEY_PAGE_MS ?? 50);
const EXPORT_BUDGET_MS = Number(process.env.BENCH_MONEY_EXPORT_MS ?? 2_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const server = await startBenchServer({ submissions: 0, calls: 0 });
  const seedStart = performance.now();
  const db = openDatabase(server.config.databaseFile, server.config.migrationsDir);
  const at = new Date().toISOString();
  const customer =
    db.prepare(`INSERT INTO customers (name, phone, address, created_at, last_activity_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const lead = db.prepare('INSERT INTO leads (channel, source_id, name, created_at) VALUES (?, ?, ?, ?)');
  const { customerIds, leadIds } = db.transaction(() => {
    const customers = Array.from({ length: CUSTOMERS }, (_, i) =>
      Number(
        customer.run(
          `Customer ${i}`,
          `707555${String(i % 10_000).padStart(4, '0')}`,
          `${i} Main St, Arcata, CA`,
          at,
          at,
          at,
        ).lastInsertRowid,
      ),
    );
    const channels = ['wizard', 'photo-form', 'quote-tool', 'phone', 'text', 'messenger'];
    const leads = Array.from({ length: 5_000 }, (_, i) =>
      Number(lead.run(channels[i % channels.length], 1_000_000 + i, `Lead ${i}`, at).lastInsertRowid),
    );
    return { customerIds: customers, leadIds: leads };
  })();
  // Invoices go to every third customer of the 100,000; those of the last 60 days are partly open.
  const fixture = seedMoney(db, {
    invoices: INVOICES,
    payments: PAYMENTS,
    from: day(-730),
    days: 720,
    openSince: day(-60),
    customerIds: customerIds.filter((_, i) => i % 3 === 0),
    leadIds,
  });
  db.pragma('optimize');
  const count = (sql: string) => (db.prepare(sql).pluck().get() as number).toLocaleString('en-US');
  process.stdout.write(
    `Seeded ${count('SELECT count(*) FROM payments')} ledger rows, ${count('SELECT count(*) FROM invoices')} invoices ` +
      `(${count('SELECT count(*) FROM invoice_lines')} lines), ${count('SELECT count(*) FROM customers')} customers ` +
      `(${fixture.openBalanceOf.size.toLocaleString('en-US')} owing) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const ledger = ledgerRepository(db);
  const middle = ledger.page(1, {
    occurredAt: db
      .prepare('SELECT occurred_at FROM payments ORDER BY occurred_at LIMIT 1 OFFSET ?')
      .pluck()
      .get(Math.floor(PAYMENTS / 2)) as string,
    id: Number.MAX_SAFE_INTEGER,
  })[0]!;
  // The open-balance sums themselves (payments/open-balance.ts), apart from the list around them.
  const owing = db.prepare(`SELECT count(*) FROM ${OWING_CUSTOMERS} o`).pluck();
  const balances = db.prepare(
    `SELECT c.id, ${openBalanceOf('c')} AS owed FROM customers c WHERE c.id IN ${OWING_CUSTOMERS} LIMIT 50`,
  );
  const yearFrom = day(-365);
  const yearTo = day(0);

  type Case = { name: string; budget: number; runs: number; once: () => Promise<string> };
  const http = (name: string, path: string, budget = PAGE_BUDGET_MS, runs = RUNS): Case => ({
    name,
    budget,
    runs,
    once: async () => {
      const res = await server.get(path);
      const body = await res.arrayBuffer();
      const total = res.headers.get(TOTAL_COUNT_HEADER);
      return total !== null
        ? `${Number(total).toLocaleString('en-US')} found`
        : `${(body.byteLength / 1024).toFixed(0)} KB`;
    },
  });
  const cases: Case[] = [
    // The ledger's page query (GET /api/payments reads it): newest first, and deep by key.
    {
      name: 'ledger page: first 50',
      budget: PAGE_BUDGET_MS,
      runs: RUNS,
      once: async () => `${ledger.page(50).length} rows`,
    },
    {
      name: 'ledger page: 50 at the middle',
      budget: PAGE_BUDGET_MS,
      runs: RUNS,
      once: async () => `${ledger.page(50, { occurredAt: middle.occurredAt, id: middle.id }).length} rows`,
    },
    {
      name: 'open balance: who owes anything',
      budget: PAGE_BUDGET_MS,
      runs: RUNS,
      once: async () => `${owing.get() as number} owing`,
    },
    {
      name: "open balance: 50 customers' sums",
      budget: PAGE_BUDGET_MS,
      runs: RUNS,
      once: async () => `${balances.all().length} sums`,
    },
    http('weekly report: 8 weeks', '/api/reports/weekly'),
    http('weekly report: 52 weeks', '/api/reports/weekly?weeks=52'),
    http('weekly report CSV: 52 weeks', '/api/reports/weekly.csv?weeks=52'),
    http('dashboard money: 4 weeks', '/api/dashboard/money'),
    http('customers: first page', '/api/customers?limit=50'),
    http('customers: open balance', '/api/customers?limit=50&balance=open'),
    http('customers: open balance, page 20', '/api/customers?limit=50&balance=open&offset=950'),
    http('customers: nothing owed', '/api/customers?limit=50&balance=none'),
    http(
      'QuickBooks invoices: a year',
      `/api/exports/quickbooks/invoices.csv?from=${yearFrom}&to=${yearTo}`,
      EXPORT_BUDGET_MS,
      EXPORT_RUNS,
    ),
    http(
      'QuickBooks payments: a year',
      `/api/exports/quickbooks/payments.csv?from=${yearFrom}&to=${yearTo}`,
      EXPORT_BUDGET_MS,
      EXPORT_RUNS,
    ),
  ];

  const ms = (n: number) => `${n.toFixed(2)}ms`.padStart(11);
  const lines = [
    `${'case'.padEnd(36)} ${'p50'.padStart(11)} ${'p95'.padStart(11)} ${'budget'.padStart(11)}  result`,
  ];
  const missed: string[] = [];
  const figures: BenchFigure[] = [];
  for (const c of cases) {
    let found = '';
    for (let i = 0; i < Math.min(5, c.runs); i++) found = await c.once();
    const times: number[] = [];
    for (let i = 0; i < c.runs; i++) {
      const start = performance.now();
      found = await c.once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const over = p95 > c.budget;
    if (over) missed.push(c.name);
    figures.push({ name: `${c.name}, p95`, value: p95, max: c.budget });
    lines.push(
      `${c.name.padEnd(36)} ${ms(percentile(times, 50))} ${ms(p95)} ${`≤ ${c.budget}ms`.padStart(11)}  ${over ? 'MISSED' : 'ok'} (${found})`,
    );
  }
  process.stdout.write(
    `${lines.join('\n')}\n(p95 of ${RUNS} sequential runs after warm-up, ${EXPORT_RUNS} for the exports; ` +
      `budgets: ${PAGE_BUDGET_MS} ms a page or report, ${EXPORT_BUDGET_MS} ms a year's export)\n`,
  );
  process.stdout.write(missed.length ? `Budget missed: ${missed.join('; ')}\n` : 'Every budget met.\n');
  reportBudgets('The ledger and money reports', figures);
  db.close();
  await server.stop();
  if (missed.length) process.exitCode = 1;
}

await main();
