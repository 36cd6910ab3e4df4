// `npm run bench`: every benchmark in turn, each printing its own figures, then its budgets table
// (each figure beside its bare counterpart and its budget, the missed ones named). The page-weight and
// screen benchmarks measure the built apps, so stale builds are rebuilt first.
// `npm run bench -- pages` runs only the benchmarks whose title or file contains a word given
// (here the page weights); the exit code is 1 when any of them failed or missed its budget.
// `BENCH_BUSY=2 npm run bench` makes the machine busy first (issue 38's "busy 2-core machine"): that
// many processes spin at normal priority beside every benchmark, so a figure met here is met
// while other work wants every core, not only on an idle machine.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { buildStaleApps, root } from './builds.mjs';

const BENCHES = [
  ['API reads at volume', 'backend/bench/api.bench.ts'],
  ['Instant photo quote', 'backend/bench/photo-quote.bench.ts'],
  ['Phone line: one assistant turn', 'backend/bench/phone.bench.ts'],
  ['Phone line streamed: prompt to first token, 20 calls', 'backend/bench/relay.bench.ts'],
  ['Admin screens at 5,000 rows', 'backend/bench/admin-screens.bench.ts'],
  ["The crew's board: a week of 1,000 visits and a move", 'backend/bench/board.bench.ts'],
  ['Admin lists at 100,000 rows: first and last page (lists)', 'backend/bench/lists.bench.ts'],
  ['Requests inbox and customer search at 100,000 leads', 'backend/bench/requests-inbox.bench.ts'],
  [
    'Page weights: what each public page and the admin first load send',
    'backend/bench/public-pages.bench.ts',
  ],
  ['Live events: commit to open streams', 'backend/bench/event-stream.bench.ts'],
  ['Messenger webhook acknowledgement', 'backend/bench/messenger-webhook.bench.ts'],
  ['Stripe webhook acknowledgement at 100,000 payments', 'backend/bench/stripe-webhook.bench.ts'],
  [
    'Twilio webhook acknowledgements: texts, photos (MMS), call and message status',
    'backend/bench/twilio-webhooks.bench.ts',
  ],
  ['Backups at 100,000 rows per list and 5,000 photos', 'backend/bench/backup.bench.ts'],
  ['Outbox scheduler: 100,000 pending texts', 'backend/bench/outbox.bench.ts'],
  ["The crew day's route for 15 stops", 'backend/bench/route.bench.ts'],
  ['The ledger and money reports at 100,000 payments', 'backend/bench/money.bench.ts'],
];

const words = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = words.length
  ? BENCHES.filter(([title, file]) => words.some((word) => `${title} ${file}`.toLowerCase().includes(word)))
  : BENCHES;
if (!chosen.length) {
  console.error(
    `No benchmark matches ${words.join(', ')}; the titles are:\n${BENCHES.map(([t]) => `  ${t}`).join('\n')}`,
  );
  process.exit(1);
}

const busy = Number(process.env.BENCH_BUSY ?? 0);
if (!Number.isInteger(busy) || busy < 0 || busy > 16) {
  console.error(
    `BENCH_BUSY is the number of spinning processes to run beside the benchmarks (0-16), not "${process.env.BENCH_BUSY}"`,
  );
  process.exit(1);
}
/**
 * Processes that only spin, each taking a core whenever the scheduler lets it. Each also ends by
 * itself once this runner is gone (killed by a `timeout`), never left spinning.
 */
const SPIN = `const runner = ${process.pid}; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== runner) process.exit(0);`;
const makeBusy = () =>
  Array.from({ length: busy }, () => spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));

buildStaleApps();
const failed = [];
for (const [title, file] of chosen) {
  const spinners = makeBusy();
  process.stdout.write(
    `\n=== ${title} (${file})${busy ? `, beside ${busy} spinning process(es) on ${os.availableParallelism()} cores` : ''}\n`,
  );
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const spinner of spinners) spinner.kill('SIGKILL');
  if (result.status !== 0) failed.push(title);
}
// Each bench's own "budgets" table (backend/bench/bench-report.ts) says which figure missed.
process.stdout.write(
  failed.length
    ? `\nBUDGET MISSED or failed in: ${failed.join('; ')}\n`
    : `\nEvery budget of the ${chosen.length} benchmark(s) run was met.\n`,
);
process.exit(failed.length ? 1 : 0);
