import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { listOf, recordOf, textOf, type Form } from './fake-stripe-form.ts';

// The fake Stripe's objects and what happens to them (fake-stripe.ts serves them over HTTP and
// delivers the events): sessions, payment intents, charges, balance transactions, refunds,
// disputes. Money moves only through balance transactions, so the balance is their sum.

export type FakeStripeMethod = 'card' | 'us_bank_account';

export type Obj = Record<string, unknown> & { id: string };

/** Card: 2.9 % + 30¢. US bank account (ACH Direct Debit): 0.8 % capped at $5. */
export const stripeFeeCents = (method: FakeStripeMethod, amountCents: number) =>
  method === 'card' ? Math.round(amountCents * 0.029) + 30 : Math.min(Math.round(amountCents * 0.008), 500);

/** An answer in Stripe's error shape (the SDK turns it into its error classes). */
export class ApiError extends Error {
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

export function fakeStripeWorld(opts: {
  clock: () => number;
  /** The fake's address, for a session's hosted page. */
  baseUrl: () => string;
  /** Each event as it is emitted (to be delivered). */
  onEvent: (event: Stripe.Event) => void;
  /** A live-mode account (a live key): every object and event says `livemode: true`. */
  live?: boolean;
}) {
  const { clock, onEvent } = opts;
  const livemode = opts.live ?? false;
  const emitted: Stripe.Event[] = [];
  const seconds = () => Math.floor(clock() / 1000);
  let counter = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++counter).toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  const objects = new Map<string, Obj>();
  const sessionLines = new Map<string, { name: string; amountCents: number }[]>();

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

  const emit = (type: string, object: Obj, requestKey?: string) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(),
      data: { object: snapshot(object) },
      livemode,
      pending_webhooks: 1,
      request: { id: requestKey ? newId('req') : null, idempotency_key: requestKey ?? null },
      type,
    } as unknown as Stripe.Event;
    emitted.push(event);
    onEvent(event);
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
      livemode,
      locale: textOf(p.locale) ?? null,
      metadata: recordOf(p.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: allowed.length ? allowed : ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      cancel_url: textOf(p.cancel_url) ?? null,
      url: `${opts.baseUrl()}/checkout/${id}`,
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
      livemode,
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
      livemode,
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

  const settleBankPayment = (piId: string, outcome: 'succeeded' | 'failed') => {
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
  };

  return {
    get,
    snapshot,
    emitted,
    createSession,
    publicSession,
    sessionLines,
    expire,
    pay,
    settleBankPayment,
    createRefund,
    failRefund,
    openDispute,
    closeDispute,
    expand,
    listEvents,
    balanceCents: () =>
      [...objects.values()]
        .filter((o) => o.object === 'balance_transaction')
        .reduce((sum, t) => sum + (t.net as number), 0),
  };
}
export type FakeStripeWorld = ReturnType<typeof fakeStripeWorld>;
