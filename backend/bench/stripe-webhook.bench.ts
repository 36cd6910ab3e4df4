// How fast Stripe gets its 200 for a signed checkout.session.completed (a new card payment each
// time, on a ledger already holding 100,000 payments: the server checks the signature, records the
// event and its ledger row in one transaction, answers, then announces it and fetches the fee from
// the fake Stripe), beside a bare Express handler doing only the same signature check with the
// SDK: the difference is what recording costs before the acknowledgement.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import Stripe from 'stripe';
import { openDatabase } from '../src/db/database.ts';
import { ledgerRepository } from '../src/payments/ledger.repository.ts';
import { stripeClient } from '../src/payments/stripe-client.ts';
import { STRIPE_WEBHOOK } from '../src/payments/stripe-webhook.routes.ts';
import { startFakeStripe } from '../src/test/fake-stripe.ts';
import { reportBudgets } from './bench-report.ts';
import { percentile, startThrowawayServer } from './bench-server.ts';

const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 300);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 100_000);
/** Issue 35: the acknowledgement within 3x a bare handler's (p50 and p99). */
const BUDGET_TIMES_BARE = 3;

const fake = await startFakeStripe();
const sdk = stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url });

// The events to send: one paid card checkout each (made on the fake, delivered by us, timed).
for (let i = 0; i < RUNS + 5; i++) {
  const s = await sdk.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 20_000 + i, product_data: { name: 'House wash' } },
      },
    ],
    metadata: { purpose: 'invoice', invoice_id: String(900_000 + i) },
    payment_intent_data: { metadata: { purpose: 'invoice', invoice_id: String(900_000 + i) } },
    success_url: 'http://127.0.0.1:1/paid',
  });
  await fake.pay(s.id, 'card');
}
const completions = fake.events().filter((e) => e.type === 'checkout.session.completed');

const server = await startThrowawayServer(
  {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE_URL: fake.url,
  },
  {
    seed: (config) => {
      const started = performance.now();
      const db = openDatabase(config.databaseFile, config.migrationsDir);
      const ledger = ledgerRepository(db);
      db.transaction(() => {
        for (let i = 0; i < LEDGER_ROWS; i++)
          ledger.record({
            sourceKey: `stripe:pi_seed_${i}`,
            kind: 'payment',
            status: 'succeeded',
            method: i % 3 ? 'card' : 'us_bank_account',
            purpose: i % 4 ? 'invoice' : 'deposit',
            amountCents: 10_000 + (i % 30_000),
            invoiceId: i + 1,
            providerPaymentIntentId: `pi_seed_${i}`,
            occurredAt: new Date(Date.UTC(2025, 0, 1) + i * 600_000).toISOString(),
          });
      })();
      db.close();
      process.stdout.write(
        `Seeded ${LEDGER_ROWS.toLocaleString('en-US')} payments in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
    },
  },
);

const bare = express();
bare.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
  try {
    Stripe.webhooks.constructEvent(req.body as Buffer, req.get('Stripe-Signature') ?? '', fake.webhookSecret);
  } catch {
    res.status(400).end();
    return;
  }
  res.status(200).json({ received: true });
});
const bareServer = bare.listen(0, '127.0.0.1');
await new Promise((resolve) => bareServer.once('listening', resolve));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/webhook`;

/** One signed POST of `event`; its time to the 200. */
async function post(url: string, event: Stripe.Event) {
  const payload = JSON.stringify(event, null, 2);
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': fake.sign(payload) },
    body: payload,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

// The two alternate, so a busy neighbour (or the fee look-ups after each ack) slows both alike.
const times = { webhook: [] as number[], bare: [] as number[] };
for (const [i, event] of completions.entries()) {
  const webhook = await post(`${server.url}${STRIPE_WEBHOOK}`, event);
  const plain = await post(bareUrl, event);
  if (i < 5) continue;
  times.webhook.push(webhook);
  times.bare.push(plain);
}
const figures = (list: number[]) => {
  list.sort((a, b) => a - b);
  return { p50: percentile(list, 50), p99: percentile(list, 99) };
};
const webhook = figures(times.webhook);
const baseline = figures(times.bare);
const ms = (n: number) => `${n.toFixed(1)}ms`.padStart(9);
await server.settled();
const recorded = server.db
  .prepare("SELECT COUNT(*) FROM payments WHERE source_key NOT LIKE 'stripe:pi_seed_%'")
  .pluck()
  .get();
process.stdout.write(
  `\nStripe webhook acknowledgement: signed checkout.session.completed (a new card payment each), ${RUNS} runs each, ` +
    `${LEDGER_ROWS.toLocaleString('en-US')} payments in the ledger\n` +
    `${'request'.padEnd(52)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}\n` +
    `${'POST /api/stripe/webhook (record, then 200)'.padEnd(52)} ${ms(webhook.p50)} ${ms(webhook.p99)}\n` +
    `${'bare Express handler, same SDK signature check'.padEnd(52)} ${ms(baseline.p50)} ${ms(baseline.p99)}\n` +
    `ledger rows recorded by the webhook and the fee step after it: ${String(recorded)} (payments and their fees)\n`,
);
bareServer.close();
await server.stop();
await fake.close();
const bareHandler = 'bare handler, same SDK check';
reportBudgets('Stripe webhook acknowledgement', [
  {
    name: 'POST /api/stripe/webhook, p50',
    value: webhook.p50,
    bare: { name: bareHandler, value: baseline.p50 },
    timesBare: BUDGET_TIMES_BARE,
  },
  {
    name: 'POST /api/stripe/webhook, p99',
    value: webhook.p99,
    bare: { name: bareHandler, value: baseline.p99 },
    timesBare: BUDGET_TIMES_BARE,
  },
]);
