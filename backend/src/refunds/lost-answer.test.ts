import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { STRIPE_DID_NOT_ANSWER } from './refund.service.ts';

// Stripe made the refund but its answer never came back (the connection dropped after Stripe
// acted, on the SDK's own retries too). The screen must not claim a refund it has no answer for,
// and asking again must not refund twice: our key, from our request row, gets Stripe's same refund.

let rig: StripeRig;
let proxy: http.Server;
let target = '';
/** How many answers from Stripe to drop (each after Stripe has acted on the request). */
let drop = 0;

/** The refunds the fake Stripe made for a payment (its refund.created events). */
const refundsMadeAtStripe = (pi: string) =>
  rig.fake
    .events()
    .filter(
      (e) =>
        e.type === 'refund.created' && (e.data.object as { payment_intent?: string }).payment_intent === pi,
    ).length;

beforeAll(async () => {
  // Between our server and the fake Stripe: forwards every request, and may lose the answer.
  proxy = http.createServer((req, res) => {
    const forward = http.request(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        if (req.url?.startsWith('/v1/refunds') && req.method === 'POST' && drop > 0) {
          drop--;
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  rig = await startStripeRig({ env: { STRIPE_API_BASE_URL: `http://127.0.0.1:${port}` } });
  target = rig.fake.url;
});
afterAll(async () => {
  await rig.stop();
  await new Promise((resolve) => proxy.close(resolve));
});

it('says it does not know when the answer is lost, and the retry gets the same refund, once', async () => {
  const session = await rig.startCheckout({ purpose: 'invoice', invoiceId: 77, amountCents: 40_000 });
  await rig.fake.pay(session, 'card');
  await rig.settled();
  const payment = rig.ledger.ofInvoice(77).find((p) => p.kind === 'payment')!;
  const send = (key: string) =>
    fetch(`${rig.server.url}/api/payments/${payment.id}/refund`, {
      method: 'POST',
      headers: {
        Cookie: rig.server.owner.cookie,
        'X-CSRF-Token': rig.server.owner.csrfToken,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ amountCents: 15_000 }),
    });

  // The first try and the SDK's two retries all lose their answer.
  drop = 3;
  const lost = await send('dialog-key-lost-1');
  expect(lost.status).toBe(504);
  expect(((await lost.json()) as { error: { message: string } }).error.message).toBe(STRIPE_DID_NOT_ANSWER);
  expect(drop).toBe(0);
  const request = rig.server.db
    .prepare('SELECT status FROM refund_requests ORDER BY id DESC LIMIT 1')
    .pluck()
    .get();
  expect(request).toBe('requested');
  // While its outcome is unknown it counts against what is left, even beside the refund Stripe's
  // webhook has meanwhile recorded (which may be this one): never more is offered than is left.
  await rig.settled();
  const left = (await (await rig.server.get(`/api/payments/${payment.id}/refundable`)).json()) as {
    amountCents: number;
  };
  expect(left.amountCents).toBe(10_000);

  const again = await send('dialog-key-lost-1');
  expect(again.status).toBe(200);
  const answer = (await again.json()) as { refund: { id: number; amountCents: number }; replayed: boolean };
  expect(answer).toMatchObject({ replayed: true, refund: { amountCents: -15_000 } });
  await rig.settled();
  expect(refundsMadeAtStripe(payment.providerPaymentIntentId!)).toBe(1);
  expect(rig.ledger.ofInvoice(77).filter((p) => p.kind === 'refund')).toHaveLength(1);
  expect(
    rig.server.db.prepare('SELECT status FROM refund_requests ORDER BY id DESC LIMIT 1').pluck().get(),
  ).toBe('recorded');
  expect(rig.ledger.netCents()).toBe(rig.fake.balanceCents());
  const after = (await (await rig.server.get(`/api/payments/${payment.id}/refundable`)).json()) as {
    amountCents: number;
  };
  expect(after.amountCents).toBe(25_000);
});

it('settles a lost refund first when another refund of the payment is asked (a new dialog, a new key)', async () => {
  const session = await rig.startCheckout({ purpose: 'invoice', invoiceId: 78, amountCents: 20_000 });
  await rig.fake.pay(session, 'card');
  await rig.settled();
  const payment = rig.ledger.ofInvoice(78).find((p) => p.kind === 'payment')!;
  const send = (key: string, amountCents: number) =>
    fetch(`${rig.server.url}/api/payments/${payment.id}/refund`, {
      method: 'POST',
      headers: {
        Cookie: rig.server.owner.cookie,
        'X-CSRF-Token': rig.server.owner.csrfToken,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ amountCents }),
    });
  drop = 3;
  expect((await send('dialog-key-lost-2', 8_000)).status).toBe(504);
  await rig.settled();
  // The rest, $120, is refundable once the lost one is known to be $80: it is settled first.
  const rest = await send('dialog-key-other-3', 12_000);
  expect(rest.status).toBe(201);
  await rig.settled();
  const refunds = rig.ledger.ofInvoice(78).filter((p) => p.kind === 'refund');
  expect(refunds.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([-12_000, -8_000]);
  expect(refundsMadeAtStripe(payment.providerPaymentIntentId!)).toBe(2);
  expect(
    rig.server.db.prepare("SELECT count(*) FROM refund_requests WHERE status = 'requested'").pluck().get(),
  ).toBe(0);
});
