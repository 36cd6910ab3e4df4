// The outbox scheduler at volume: 100,000 messages already sent (history a pass must not pay for)
// and 100,000 pending. Prints the time of a pass with nothing due, and the drain of all pending
// rows through the twilio SDK to a fake Twilio on 127.0.0.1: time per pass and texts per second.
import { performance } from 'node:perf_hooks';
import { startFakeTwilio } from '../src/test/fake-twilio.ts';
import { outboxRig } from '../src/test/outbox-rig.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const ROWS = Number(process.env.BENCH_OUTBOX_ROWS ?? 100_000);
/** Tuesday 24 November 2026, 9:00 AM in California: outside quiet hours. */
const START = new Date('2026-11-24T17:00:00Z');
const DAY = 86_400_000;

const twilio = await startFakeTwilio();
const rig = outboxRig({ twilio, start: START });
const insert = rig.db.prepare(`INSERT INTO outbox_messages (idempotency_key, channel, recipient, template,
  body, due_at, state, attempts, provider_id, created_at, sent_at)
  VALUES (?, 'text', ?, 'bench', ?, ?, ?, ?, ?, ?, ?)`);
const iso = (ms: number) => new Date(ms).toISOString();
rig.db.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const phone = `+1707${String(2_000_000 + (i % 50_000)).padStart(7, '0')}`;
    insert.run(
      `history-${i}`,
      phone,
      `old ${i}`,
      iso(START.getTime() - DAY),
      'sent',
      1,
      `SMold${i}`,
      iso(START.getTime() - DAY),
      iso(START.getTime() - DAY),
    );
  }
  for (let i = 0; i < ROWS; i++) {
    const phone = `+1707${String(3_000_000 + (i % 50_000)).padStart(7, '0')}`;
    insert.run(
      `pending-${i}`,
      phone,
      `Lost Coast Soft Wash: reminder ${i}`,
      iso(START.getTime() + DAY),
      'pending',
      0,
      null,
      iso(START.getTime()),
      null,
    );
  }
})();

const idle: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const report = await rig.outbox.scheduler.pass();
  idle.push(performance.now() - t);
  if (report.sent) throw new Error('nothing was due');
}
idle.sort((a, b) => a - b);

// A day later every pending row is due at once.
rig.now.ms += DAY;
const t = performance.now();
const report = await rig.outbox.scheduler.pass();
const seconds = (performance.now() - t) / 1000;
if (report.sent !== ROWS || twilio.texts.length !== ROWS) throw new Error(`sent ${report.sent} of ${ROWS}`);

process.stdout.write(
  `\nOutbox scheduler: ${ROWS.toLocaleString('en-US')} rows sent before, ${ROWS.toLocaleString('en-US')} pending\n` +
    `pass with nothing due (200 passes)   p50 ${idle[100]!.toFixed(2)}ms  p99 ${idle[197]!.toFixed(2)}ms\n` +
    `pass that sends every pending row   ${seconds.toFixed(1)}s, ${(ROWS / seconds).toFixed(0)} texts/s through the twilio SDK to a fake Twilio\n`,
);
reportBudgets('Outbox scheduler (no budget set yet)', [
  { name: 'pass with nothing due, p99', value: idle[197]! },
  { name: 'pass that sends every pending row', value: seconds, unit: 's' },
] satisfies BenchFigure[]);
rig.close();
await twilio.close();
