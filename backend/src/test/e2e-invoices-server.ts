import { invoiceRowSchema, invoiceSchema } from '@washdesk/contract';
import { jobRepository } from '../jobs/job.repository.ts';
import { STRIPE_WEBHOOK } from '../payments/stripe-webhook.routes.ts';
import { freePort } from './free-port.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { CLOCKED_OWNER } from './clocked-server.ts';
import { startTestServer } from './test-server.ts';

// The invoice payment browser test's own server (admin/e2e/invoice-payment.spec.ts), in a child
// process (the browser tests may not import backend code): `tsx backend/src/test/e2e-invoices-server.ts`.
// The real server on a real SQLite file with Stripe configured against the fake Stripe (which
// delivers its signed events to the server's own webhook), and one job of $300 marked done on the
// board, so it has its invoice. Its public address is its own, so Stripe's page sends the phone
// back to it. It prints one JSON line: url, email, password, invoicePath, invoiceNumber.
// It stops when its parent closes stdin or sends SIGTERM; faults the server reported fail the exit code.

const fake = await startFakeStripe();
const port = await freePort();
const server = await startTestServer({
  env: {
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE_URL: fake.url,
  },
});
fake.setWebhookUrl(`${server.url}${STRIPE_WEBHOOK}`);

const ok = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
};
const job = jobRepository(server.db).create({
  customerName: 'Rosa Ortega',
  customerPhone: '(707) 555-0191',
  customerEmail: 'rosa@example.com',
  address: '12 Elk Ridge Rd, Redway, CA',
  title: 'House wash',
  durationMinutes: 60,
  lineItems: [
    { service: 'House soft wash', areaSqFt: null, unitPriceCents: null, amountCents: 26_000 },
    { service: 'Gutter brightening', areaSqFt: null, unitPriceCents: null, amountCents: 4_000 },
  ],
});
await ok(
  await server.send('POST', `/api/schedule/jobs/${job.id}/visit`, {
    date: '2099-03-02',
    time: '10:00 AM',
    crewId: 1,
  }),
  'booking',
);
for (const status of ['on_the_way', 'in_progress', 'done'])
  await ok(await server.send('POST', `/api/jobs/${job.id}/status`, { status }), status);
const rows = invoiceRowSchema.array().parse(await ok(await server.get('/api/invoices'), 'invoices'));
const invoice = invoiceSchema.parse(
  await ok(await server.get(`/api/invoices/${rows.find((r) => r.jobId === job.id)!.id}`), 'invoice'),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await fake.close();
  process.exit(server.errors.length ? 1 : 0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.stdout.write(
  `${JSON.stringify({
    url: server.url,
    ...CLOCKED_OWNER,
    invoicePath: new URL(invoice.link).pathname,
    invoiceNumber: invoice.number,
  })}\n`,
);
