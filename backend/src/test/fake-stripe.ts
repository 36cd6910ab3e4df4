import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { holdKeptAliveSockets } from '../http/keep-alive.ts';
import { checkoutPage } from './fake-stripe-page.ts';
import { listOf, parseStripeForm, recordOf, textOf, type Form } from './fake-stripe-form.ts';

// A stateful stand-in for api.stripe.com on 127.0.0.1 (stripe-mock is stateless and cannot be
// installed here). The real `stripe` SDK talks to it over HTTP (form-encoded requests, Bearer key,
// Idempotency-Key: the same key answers the same), it keeps sessions, payment intents, charges,
// balance transactions, refunds, disputes and events, serves a hosted checkout page to click
// through, and delivers every event to the webhook signed with the SDK's generateTestHeaderString,
// retrying a non-2xx answer as Stripe does. Its balance is the sum of its balance transactions, so
// a ledger that missed or doubled anything differs from `balanceCents()`.

export type FakeStripeMethod = 'card' | 'us_bank_account';

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

type Obj = Record<string, unknown> & { id: string };

/** Card: 2.9 % + 30¢. US bank account (ACH Direct Debit): 0.8 % capped at $5. */
export const stripeFeeCents = (method: FakeStripeMethod, amountCents: number) =>
  method === 'card' ? Math.round(amountCents * 0.029) + 30 : Math.min(Math.round(amountCents * 0.008), 500);

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const RETRY_DELAYS_MS = [10, 20, 50, 100, 200, 400, 800, 1_000, 1_000, 1_000];

export async function startFakeStripe(opts: { clock?: () => number } = {}): Promise<FakeStripe> {
  const clock = opts.clock ?? Date.now;
  const secretKey = `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const seconds = () => Math.floor(clock() / 1000);
  let counter = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++counter).toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  const objects = new Map<string, Obj>();
  const sessionLines = new Map<string, { name: string; amountCents: number }[]>();
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const emitted: Stripe.Event[] = [];
  const requests: FakeStripe['requests'] = [];
  let webhookUrl: string | undefined;

  const get = <T extends Obj = Obj>(id: string, prefix: string, what: string): T => {
    const o = objects.get(id);
    if (!o || !id.startsWith(prefix))
      throw new ApiError(404, `No such ${what}: '${id}'`, 'invalid_request_error', 'resource_missing', 'id');
    return o as T;
  };
  const put = (o: Obj) => (objects.set(o.id, o), o);
  const snapshot = <T>(o: T): T => structuredClone(o);

  // --- Money moves through balance transactions only: the balance is their sum. ---
  const balanceTxn = (type: string, amount: number, fee: number, source: string) =>
    put({
      id: newId('txn'),
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      currency: 'usd',
      type,
      source,
      status: 'available',
      created: seconds(),
      available_on: seconds(),
      fee_details: fee
        ? [{ amount: fee, currency: 'usd', type: 'stripe_fee', description: 'Stripe processing fees' }]
        : [],
      reporting_category: type,
    });

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
  const emit = (type: string, object: Obj, requestKey?: string) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(),
      data: { object: snapshot(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: requestKey ? newId('req') : null, idempotency_key: requestKey ?? null },
      type,
    } as unknown as Stripe.Event;
    emitted.push(event);
    queue.push(event);
    void pump();
  };
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

  // --- Checkout ---
  const createSession = (p: Form): Obj => {
    if (textOf(p.mode) !== 'payment')
      throw new ApiError(
        400,
        'Only mode=payment is supported here',
        'invalid_request_error',
        'parameter_invalid',
        'mode',
      );
    if (p.payment_method_types !== undefined)
      throw new ApiError(
        400,
        'Received unknown parameter: payment_method_types. Use allowed_payment_method_types.',
        'invalid_request_error',
        'parameter_unknown',
        'payment_method_types',
      );
    const successUrl = textOf(p.success_url);
    if (!successUrl)
      throw new ApiError(
        400,
        'Missing required param: success_url.',
        'invalid_request_error',
        'parameter_missing',
        'success_url',
      );
    const lines = listOf(p.line_items).map((raw, i) => {
      const item = raw as Form;
      const price = (item.price_data ?? {}) as Form;
      const unit = Number(textOf(price.unit_amount));
      const quantity = Number(textOf(item.quantity) ?? '1');
      if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1)
        throw new ApiError(
          400,
          'Invalid integer',
          'invalid_request_error',
          'parameter_invalid_integer',
          `line_items[${i}][price_data][unit_amount]`,
        );
      const name = textOf((price.product_data as Form | undefined)?.name) ?? 'Item';
      return { name, amountCents: unit * quantity };
    });
    if (!lines.length)
      throw new ApiError(
        400,
        'Missing required param: line_items.',
        'invalid_request_error',
        'parameter_missing',
        'line_items',
      );
    const amount = lines.reduce((s, l) => s + l.amountCents, 0);
    if (amount < 50)
      throw new ApiError(
        400,
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        'invalid_request_error',
        'amount_too_small',
      );
    const expiresAt = textOf(p.expires_at) ? Number(textOf(p.expires_at)) : seconds() + 24 * 3600;
    if (expiresAt < seconds() + 30 * 60 - 60 || expiresAt > seconds() + 24 * 3600 + 60)
      throw new ApiError(
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'invalid_request_error',
        'parameter_invalid',
        'expires_at',
      );
    const id = newId('cs_test');
    const allowed = listOf(p.allowed_payment_method_types).map(String);
    const piData = (p.payment_intent_data ?? {}) as Form;
    sessionLines.set(id, lines);
    return put({
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      currency: 'usd',
      client_reference_id: textOf(p.client_reference_id) ?? null,
      customer_email: textOf(p.customer_email) ?? null,
      created: seconds(),
      expires_at: expiresAt,
      livemode: false,
      locale: textOf(p.locale) ?? null,
      metadata: recordOf(p.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: allowed.length ? allowed : ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      cancel_url: textOf(p.cancel_url) ?? null,
      url: `${fake.url}/checkout/${id}`,
      // Kept for the payment intent made when the customer pays (not part of Stripe's session).
      _payment_intent_metadata: recordOf(piData.metadata),
    });
  };
  const publicSession = (s: Obj) => {
    const { _payment_intent_metadata: _, ...rest } = s;
    return rest;
  };
  const expire = (s: Obj) => {
    if (s.status !== 'open')
      throw new ApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(s.status)}".`,
        'invalid_request_error',
        'checkout_session_not_open',
      );
    Object.assign(s, { status: 'expired' });
    emit('checkout.session.expired', publicSession(s));
  };

  const chargeFor = (pi: Obj, method: FakeStripeMethod) => {
    const amount = pi.amount as number;
    const charge = put({
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: null,
      created: seconds(),
      currency: 'usd',
      disputed: false,
      metadata: pi.metadata,
      paid: true,
      payment_intent: pi.id,
      payment_method_details: { type: method },
      refunded: false,
      status: 'succeeded',
    });
    charge.balance_transaction = balanceTxn('charge', amount, stripeFeeCents(method, amount), charge.id).id;
    return charge;
  };
  const succeed = (pi: Obj, method: FakeStripeMethod) => {
    const charge = chargeFor(pi, method);
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id });
    emit('payment_intent.succeeded', pi);
  };
  const pay = (sessionId: string, method: FakeStripeMethod) => {
    const s = get(sessionId, 'cs_', 'checkout.session');
    if (s.status !== 'open') throw new ApiError(400, `This Checkout Session is ${String(s.status)}`);
    const pi = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      amount_received: 0,
      currency: 'usd',
      created: seconds(),
      description: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: s._payment_intent_metadata,
      // The type the customer paid with (the session offered both).
      payment_method_types: [method],
      status: method === 'card' ? 'succeeded' : 'processing',
    });
    if (method === 'card') succeed(pi, method);
    else emit('payment_intent.processing', pi);
    Object.assign(s, {
      status: 'complete',
      payment_intent: pi.id,
      payment_status: method === 'card' ? 'paid' : 'unpaid',
    });
    emit('checkout.session.completed', publicSession(s));
    return s;
  };
  const sessionOfIntent = (piId: string) =>
    [...objects.values()].find((o) => o.object === 'checkout.session' && o.payment_intent === piId);

  // --- Refunds and disputes ---
  const chargeOfIntent = (piId: string) => {
    const pi = get(piId, 'pi_', 'payment_intent');
    if (pi.status !== 'succeeded' || !pi.latest_charge)
      throw new ApiError(
        400,
        `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        'invalid_request_error',
        'charge_not_refundable',
      );
    return get(pi.latest_charge as string, 'ch_', 'charge');
  };
  const createRefund = (p: Form, requestKey?: string): Obj => {
    const piId = textOf(p.payment_intent);
    const charge = piId ? chargeOfIntent(piId) : get(textOf(p.charge) ?? '', 'ch_', 'charge');
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = textOf(p.amount) === undefined ? left : Number(textOf(p.amount));
    if (!Number.isInteger(amount) || amount <= 0)
      throw new ApiError(
        400,
        'Invalid positive integer',
        'invalid_request_error',
        'parameter_invalid_integer',
        'amount',
      );
    if (amount > left)
      throw new ApiError(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'invalid_request_error',
        'amount_too_large',
        'amount',
      );
    const method = (charge.payment_method_details as { type: FakeStripeMethod }).type;
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = put({
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: seconds(),
      currency: 'usd',
      destination_details:
        method === 'card'
          ? { type: 'card', card: { type: 'refund' } }
          : { type: 'us_bank_transfer', us_bank_transfer: {} },
      failure_reason: null,
      metadata: recordOf(p.metadata),
      payment_intent: charge.payment_intent,
      reason: textOf(p.reason) ?? null,
      // Card refunds settle at once; bank refunds are pending first, then settle (below).
      status: method === 'card' ? 'succeeded' : 'pending',
    });
    refund.balance_transaction = balanceTxn('refund', -amount, 0, refund.id).id;
    emit('refund.created', refund, requestKey);
    if (refund.status === 'pending') {
      refund.status = 'succeeded';
      emit('refund.updated', refund);
    }
    return refund;
  };
  const failRefund = (refundId: string) => {
    const refund = get(refundId, 're_', 'refund');
    if (refund.status === 'failed') return;
    const charge = get(refund.charge as string, 'ch_', 'charge');
    charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
    charge.refunded = false;
    balanceTxn('refund_failure', refund.amount as number, 0, refund.id);
    Object.assign(refund, { status: 'failed', failure_reason: 'lost_or_stolen_card' });
    emit('refund.failed', refund);
    emit('refund.updated', refund);
  };
  const openDispute = (piId: string, o: { amountCents?: number; reason?: string } = {}) => {
    const pi = get(piId, 'pi_', 'payment_intent');
    const charge = get((pi.latest_charge as string | null) ?? '', 'ch_', 'charge');
    const amount = o.amountCents ?? (charge.amount as number);
    const withdrawal = balanceTxn('adjustment', -amount, 0, charge.id);
    charge.disputed = true;
    const dispute = put({
      id: newId('du'),
      object: 'dispute',
      amount,
      balance_transactions: [snapshot(withdrawal)],
      charge: charge.id,
      created: seconds(),
      currency: 'usd',
      evidence_details: {
        due_by: seconds() + 7 * 24 * 3600,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: piId,
      payment_method_details: { type: (charge.payment_method_details as { type: string }).type },
      reason: o.reason ?? 'fraudulent',
      status: 'needs_response',
    });
    emit('charge.dispute.created', dispute);
    return dispute.id;
  };
  const closeDispute = (disputeId: string, outcome: 'won' | 'lost') => {
    const dispute = get(disputeId, 'du_', 'dispute');
    if (dispute.status === 'won' || dispute.status === 'lost') return;
    if (outcome === 'won') {
      const back = balanceTxn('adjustment', dispute.amount as number, 0, dispute.charge as string);
      (dispute.balance_transactions as unknown[]).push(snapshot(back));
    }
    dispute.status = outcome;
    emit('charge.dispute.closed', dispute);
  };

  // --- `expand[]`: ids replaced by their objects, dotted paths one level at a time. ---
  const expand = (o: Obj, paths: string[]): Obj => {
    const out = snapshot(o);
    for (const path of paths) {
      let nodes: Record<string, unknown>[] = [out];
      for (const key of path.split('.')) {
        const next: Record<string, unknown>[] = [];
        for (const n of nodes) {
          const v = n[key];
          if (typeof v === 'string' && objects.has(v)) n[key] = snapshot(objects.get(v));
          if (n[key] && typeof n[key] === 'object') next.push(n[key] as Record<string, unknown>);
        }
        nodes = next;
      }
    }
    return out;
  };

  const listEvents = (q: Form) => {
    const limit = Math.min(100, Math.max(1, Number(textOf(q.limit) ?? 10)));
    const type = textOf(q.type);
    let all = emitted
      .slice()
      .reverse()
      .filter((e) => !type || e.type === type);
    const after = textOf(q.starting_after);
    if (after) all = all.slice(all.findIndex((e) => e.id === after) + 1);
    const page = all.slice(0, limit);
    return { object: 'list', data: page, has_more: all.length > limit, url: '/v1/events' };
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
          livemode: false,
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
    async settleBankPayment(piId, outcome) {
      const pi = get(piId, 'pi_', 'payment_intent');
      if (pi.status !== 'processing') throw new Error(`${piId} is ${String(pi.status)}, not processing`);
      const session = sessionOfIntent(piId);
      if (outcome === 'succeeded') {
        succeed(pi, 'us_bank_account');
        if (session) {
          session.payment_status = 'paid';
          emit('checkout.session.async_payment_succeeded', publicSession(session));
        }
      } else {
        Object.assign(pi, {
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'invalid_request_error',
            code: 'payment_method_insufficient_funds',
            message: 'The account has insufficient funds.',
          },
        });
        emit('payment_intent.payment_failed', pi);
        if (session) emit('checkout.session.async_payment_failed', publicSession(session));
      }
    },
    expireSession: async (sessionId) => expire(get(sessionId, 'cs_', 'checkout.session')),
    openDispute: async (piId, o) => openDispute(piId, o),
    closeDispute: async (id, outcome) => closeDispute(id, outcome),
    failRefund: async (id) => failRefund(id),
    balanceCents: () =>
      [...objects.values()]
        .filter((o) => o.object === 'balance_transaction')
        .reduce((sum, t) => sum + (t.net as number), 0),
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
