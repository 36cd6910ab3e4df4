import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { holdKeptAliveSockets } from '../http/keep-alive.ts';
import { checkoutPage } from './fake-stripe-page.ts';
import { listOf, parseStripeForm, type Form } from './fake-stripe-form.ts';
import { ApiError, fakeStripeWorld, type FakeStripeMethod, type Obj } from './fake-stripe-world.ts';

export { stripeFeeCents, type FakeStripeMethod } from './fake-stripe-world.ts';

// A stateful stand-in for api.stripe.com on 127.0.0.1 (stripe-mock is stateless and cannot be
// installed here). The real `stripe` SDK talks to it over HTTP (form-encoded requests, Bearer key,
// Idempotency-Key: the same key answers the same), it keeps sessions, payment intents, charges,
// balance transactions, refunds, disputes and events, serves a hosted checkout page to click
// through, and delivers every event to the webhook signed with the SDK's generateTestHeaderString,
// retrying a non-2xx answer as Stripe does. Its balance is the sum of its balance transactions, so
// a ledger that missed or doubled anything differs from `balanceCents()`.

export interface FakeStripe {
  /** http://127.0.0.1:<port> → STRIPE_API_BASE_URL */
  url: string;
  /** → STRIPE_SECRET_KEY */
  secretKey: string;
  /** → STRIPE_WEBHOOK_SECRET */
  webhookSecret: string;
  /** Where it POSTs signed events (our /api/stripe/webhook); events wait until one is set. */
  setWebhookUrl(url: string): void;
  /** The same as pressing "Pay with card" / "Pay with bank account" on the hosted page. */
  pay(sessionId: string, method: FakeStripeMethod): Promise<void>;
  /** A bank payment's outcome, days later. */
  settleBankPayment(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  expireSession(sessionId: string): Promise<void>;
  /** Opens a dispute on the payment's charge (the full charge by default); its id (du_…). */
  openDispute(paymentIntentId: string, opts?: { amountCents?: number; reason?: string }): Promise<string>;
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Beyond the shared interface: a refund the bank sends back (refund.failed; money returns). */
  failRefund(refundId: string): Promise<void>;
  /** charges − refunds − dispute withdrawals + reinstatements − fees, in cents. */
  balanceCents(): number;
  /** Every event it emitted, in order (for replays and reorderings). */
  events(): Stripe.Event[];
  /** A Stripe-Signature header for `payload`, timed at `atMs` (default the fake's clock). */
  sign(payload: string, atMs?: number): string;
  /** Resolves when every emitted event has been delivered (answered 2xx); rejects if one gave up. */
  deliveredAll(): Promise<void>;
  /** What the API was asked: method and path of each request (for tests of who calls what). */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  close(): Promise<void>;
}

const RETRY_DELAYS_MS = [10, 20, 50, 100, 200, 400, 800, 1_000, 1_000, 1_000];

export async function startFakeStripe(
  opts: {
    clock?: () => number;
    /** A live-mode account: the key is `sk_live_…` and every event says `livemode: true`. */
    live?: boolean;
  } = {},
): Promise<FakeStripe> {
  const clock = opts.clock ?? Date.now;
  const secretKey = `sk_${opts.live ? 'live' : 'test'}_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];
  let webhookUrl: string | undefined;
  const world = fakeStripeWorld({
    clock,
    live: opts.live,
    baseUrl: () => fake.url,
    onEvent: (event) => {
      queue.push(event);
      void pump();
    },
  });
  const { get, snapshot, emitted, createSession, publicSession, sessionLines, expire, pay } = world;
  const { createRefund, failRefund, openDispute, closeDispute, expand, listEvents } = world;
  let counter = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++counter).toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  // --- Events, delivered in order, one at a time, retried until answered 2xx. ---
  const queue: Stripe.Event[] = [];
  let delivering = false;
  let gaveUp: Error | undefined;
  let idleWaiters: (() => void)[] = [];
  let closed = false;
  const sign = (payload: string, atMs = clock()) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(atMs / 1000),
    });
  const postEvent = async (event: Stripe.Event): Promise<boolean> => {
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(webhookUrl!, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': sign(payload),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status >= 200 && res.status < 300;
    } catch {
      return false;
    }
  };
  const pump = async () => {
    if (delivering || !webhookUrl) return;
    delivering = true;
    try {
      while (queue.length && !closed) {
        const event = queue[0]!;
        let ok = false;
        for (let attempt = 0; !ok && !closed; attempt++) {
          ok = await postEvent(event);
          if (ok) break;
          const wait = RETRY_DELAYS_MS[attempt];
          if (wait === undefined) {
            gaveUp ??= new Error(`The webhook never accepted ${event.type} ${event.id}`);
            break;
          }
          await new Promise((r) => setTimeout(r, wait));
        }
        queue.shift();
      }
    } finally {
      delivering = false;
      if (!queue.length) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  };

  // --- The API's routes ---
  const api = (method: string, path: string, params: Form, requestKey?: string): unknown => {
    const parts = path.split('/').filter(Boolean); // ['v1', 'checkout', 'sessions', id, 'expire']
    const expandPaths = listOf(params.expand).map(String);
    const at = (i: number) => decodeURIComponent(parts[i] ?? '');
    const route = `${method} /${parts.map((p, i) => (i >= 2 && /_/.test(p) && !['payment_intents', 'balance_transactions'].includes(p) ? ':id' : p)).join('/')}`;
    switch (route) {
      case 'POST /v1/checkout/sessions':
        return publicSession(createSession(params));
      case 'GET /v1/checkout/sessions/:id':
        return expand(publicSession(get(at(3), 'cs_', 'checkout.session')) as Obj, expandPaths);
      case 'POST /v1/checkout/sessions/:id/expire': {
        const s = get(at(3), 'cs_', 'checkout.session');
        expire(s);
        return publicSession(s);
      }
      case 'GET /v1/payment_intents/:id':
        return expand(get(at(2), 'pi_', 'payment_intent'), expandPaths);
      case 'GET /v1/charges/:id':
        return expand(get(at(2), 'ch_', 'charge'), expandPaths);
      case 'POST /v1/refunds':
        return createRefund(params, requestKey);
      case 'GET /v1/refunds/:id':
        return expand(get(at(2), 're_', 'refund'), expandPaths);
      case 'GET /v1/disputes/:id':
        return expand(get(at(2), 'du_', 'dispute'), expandPaths);
      case 'GET /v1/balance_transactions/:id':
        return get(at(2), 'txn_', 'balance transaction');
      case 'GET /v1/balance':
        return {
          object: 'balance',
          available: [
            { amount: fake.balanceCents(), currency: 'usd', source_types: { card: fake.balanceCents() } },
          ],
          pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
          livemode: Boolean(opts.live),
        };
      case 'GET /v1/events':
        return listEvents(params);
      case 'GET /v1/events/:id': {
        const e = emitted.find((x) => x.id === at(2));
        if (!e)
          throw new ApiError(
            404,
            `No such event: '${at(2)}'`,
            'invalid_request_error',
            'resource_missing',
            'id',
          );
        return e;
      }
      default:
        throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  };

  // POST /__control/pay {sessionId, method}, /settle-bank {paymentIntentId, outcome},
  // /expire {sessionId}, /dispute {paymentIntentId, amountCents?, reason?} → {id},
  // /close-dispute {disputeId, outcome}, /fail-refund {refundId}; GET /__control/balance,
  // /events, /delivered (answers once every event was delivered).
  const controlOf = (method: string, name: string, body: string): unknown => {
    const p = (method === 'POST' && body ? JSON.parse(body) : {}) as {
      sessionId: string;
      method: FakeStripeMethod;
      paymentIntentId: string;
      outcome: 'succeeded' | 'failed' | 'won' | 'lost';
      disputeId: string;
      refundId: string;
      amountCents?: number;
      reason?: string;
    };
    const done = { ok: true };
    switch (`${method} ${name}`) {
      case 'POST pay':
        return (pay(p.sessionId, p.method), done);
      case 'POST settle-bank':
        return fake.settleBankPayment(p.paymentIntentId, p.outcome as 'succeeded').then(() => done);
      case 'POST expire':
        return (expire(get(p.sessionId, 'cs_', 'checkout.session')), done);
      case 'POST dispute':
        return { id: openDispute(p.paymentIntentId, { amountCents: p.amountCents, reason: p.reason }) };
      case 'POST close-dispute':
        return (closeDispute(p.disputeId, p.outcome as 'won' | 'lost'), done);
      case 'POST fail-refund':
        return (failRefund(p.refundId), done);
      case 'GET balance':
        return { balanceCents: fake.balanceCents() };
      case 'GET events':
        return fake.events();
      case 'GET delivered':
        return fake.deliveredAll().then(() => ({ ok: true }));
      default:
        throw new ApiError(404, `No control ${method} ${name}`);
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...extra })
          .end(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
      try {
        // For browser tests in another process than the fake: the control methods over HTTP.
        if (url.pathname.startsWith('/__control/')) {
          const control = controlOf(req.method ?? 'GET', url.pathname.slice('/__control/'.length), body);
          if (control instanceof Promise)
            return void control.then(
              (v) => json(200, v),
              (e: unknown) => json(400, { error: { message: String(e) } }),
            );
          return json(200, control);
        }
        // The hosted page and its buttons (a browser, no key).
        const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
        if (page) {
          const s = get(decodeURIComponent(page[1]!), 'cs_', 'checkout.session');
          if (req.method === 'POST' && page[2]) {
            const method = new URLSearchParams(body).get('method');
            if (s.status === 'open' && (method === 'card' || method === 'us_bank_account')) {
              pay(s.id, method);
              const to = String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id);
              return res.writeHead(303, { Location: to }).end();
            }
          }
          return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
            checkoutPage({
              id: s.id,
              status: String(s.status),
              amountCents: s.amount_total as number,
              lines: sessionLines.get(s.id) ?? [],
              cancelUrl: String(s.cancel_url ?? s.success_url),
            }),
          );
        }
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          throw new ApiError(401, 'Invalid API Key provided', 'invalid_request_error', 'api_key_invalid');
        const method = req.method ?? 'GET';
        const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
        const key = req.headers['idempotency-key'];
        const idemKey = typeof key === 'string' && method === 'POST' ? key : undefined;
        requests.push({ method, path: url.pathname, ...(idemKey ? { idempotencyKey: idemKey } : {}) });
        if (idemKey) {
          const seen = idempotent.get(idemKey);
          if (seen) {
            if (seen.params !== `${url.pathname}?${body}`)
              throw new ApiError(
                400,
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                'idempotency_error',
              );
            return json(seen.status, seen.body, { 'Idempotent-Replayed': 'true' });
          }
        }
        let status = 200;
        let out: string;
        try {
          out = JSON.stringify(api(method, url.pathname, params, idemKey), null, 2);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          status = e.status;
          out = JSON.stringify({ error: { type: e.type, message: e.message, code: e.code, param: e.param } });
        }
        // Stripe keeps an idempotent answer, errors included (not 5xx), for 24 hours.
        if (idemKey) idempotent.set(idemKey, { params: `${url.pathname}?${body}`, status, body: out });
        return json(status, out);
      } catch (e) {
        if (e instanceof ApiError)
          return json(e.status, {
            error: { type: e.type, message: e.message, code: e.code, param: e.param },
          });
        return json(500, { error: { type: 'api_error', message: String(e) } });
      }
    });
  });
  holdKeptAliveSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    requests,
    setWebhookUrl(u) {
      webhookUrl = u;
      void pump();
    },
    pay: async (sessionId, method) => void pay(sessionId, method),
    settleBankPayment: async (piId, outcome) => world.settleBankPayment(piId, outcome),
    expireSession: async (sessionId) => expire(get(sessionId, 'cs_', 'checkout.session')),
    openDispute: async (piId, o) => openDispute(piId, o),
    closeDispute: async (id, outcome) => closeDispute(id, outcome),
    failRefund: async (id) => failRefund(id),
    balanceCents: world.balanceCents,
    events: () => emitted.map((e) => snapshot(e)),
    sign,
    deliveredAll() {
      if (gaveUp) return Promise.reject(gaveUp);
      if (!queue.length) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve)).then(() => {
        if (gaveUp) throw gaveUp;
      });
    },
    async close() {
      closed = true;
      for (const w of idleWaiters) w();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
