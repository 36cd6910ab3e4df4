import net from 'node:net';
import http from 'node:http';
import { leadSchema, quoteSentSchema } from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { STRIPE_WEBHOOK } from '../payments/stripe-webhook.routes.ts';
import { freePort } from './free-port.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { CLOCKED_OWNER } from './clocked-server.ts';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from './test-server.ts';

// The deposit browser test's own server (admin/e2e/deposit-payment.spec.ts), in a child process
// (the browser tests may not import backend code): `tsx backend/src/test/e2e-deposits-server.ts`.
// The real server on a real SQLite file with Stripe configured against the fake Stripe (which
// delivers its signed events to the server's own webhook), a deposit rule of 25 %, and two photo
// leads quoted $320 each: one the customer pays by card, one by bank account. Its public address
// is its own, so Stripe's page sends the phone back to it. It prints one JSON line:
//   url, email, password        the server and its owner
//   card / bank                 { leadName, quotePath } of each quote
//   controlUrl                  POST controlUrl/settle-bank/succeeded|failed: the bank says how the
//                               bank quote's pending payment ended (fake.settleBankPayment), answered
//                               once the event reached the server
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
await ok(
  await server.send('PUT', '/api/settings/payments', {
    deposit: { kind: 'percent', percent: 25, minimumCents: 0 },
  }),
  'deposit rule',
);

/** A photo-form lead as a customer sends it, quoted $320 by the office. */
async function quotedLead(s: TestServer, firstName: string, lastName: string, phone: string) {
  const form = photoForm(
    {
      firstName,
      lastName,
      phone,
      email: `${firstName.toLowerCase()}@example.com`,
      address: '12 Elk Ridge Rd, Redway, CA',
      serviceType: 'House Soft Wash',
    },
    [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
  );
  const { id } = (await ok(await s.anonymous.upload('/api/photo-submissions', form), 'photo form')) as {
    id: number;
  };
  const leads = leadSchema
    .array()
    .parse(await ok(await s.get('/api/leads?channel=photo-form&limit=50'), 'leads'));
  const lead = leads.find((l) => l.sourceId === id)!;
  const sent = await s.send('POST', `/api/leads/${lead.id}/quotes`, {
    lines: [{ service: 'House soft wash', areaSqFt: null, unitPriceCents: 32_000 }],
    addOns: [],
    validUntil: '2099-12-31',
  });
  const { quote } = quoteSentSchema.parse(await ok(sent, 'quote'));
  return {
    leadName: lead.name ?? `${firstName} ${lastName}`,
    quoteId: quote.id,
    quotePath: new URL(quote.link).pathname,
  };
}
const card = await quotedLead(server, 'Rosa', 'Ortega', '(707) 555-0191');
const bank = await quotedLead(server, 'Ben', 'Whitaker', '(707) 555-0192');

const ledger = ledgerRepository(server.db);
const control = http.createServer((req, res) => {
  const outcome = req.url?.match(/^\/settle-bank\/(succeeded|failed)$/)?.[1] as
    'succeeded' | 'failed' | undefined;
  const pending = ledger
    .ofQuote(bank.quoteId)
    .find((p) => p.status === 'pending' && p.providerPaymentIntentId);
  if (req.method !== 'POST' || !outcome || !pending) {
    res.writeHead(outcome ? 409 : 404).end();
    return;
  }
  fake
    .settleBankPayment(pending.providerPaymentIntentId!, outcome)
    .then(() => fake.deliveredAll())
    .then(() => res.writeHead(204).end())
    .catch((error: unknown) => res.writeHead(500).end(String(error)));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as net.AddressInfo).port}`;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  control.close();
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
    card: { leadName: card.leadName, quotePath: card.quotePath },
    bank: { leadName: bank.leadName, quotePath: bank.quotePath },
    controlUrl,
  })}\n`,
);
