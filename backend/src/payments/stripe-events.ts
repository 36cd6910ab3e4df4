import {
  PAYMENT_PURPOSES,
  formatCents,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
} from '@washdesk/contract';
import type { NewLiveEvent } from '../events/event.repository.ts';
import type { DisputeRepository } from '../disputes/dispute.repository.ts';
import type { CheckoutSessions } from './checkout-sessions.ts';
import type { LedgerEntry, LedgerRepository, Recorded } from './ledger.repository.ts';
import type { Stripe, StripeMode } from './stripe-client.ts';

// What each Stripe event means for the ledger and the disputes (issue 35). Every event carries the
// whole object it is about, and each is turned into the rows that object implies, keyed by
// Stripe's ids: the same event three times, or the events of one payment in any order (a refund
// before the completion it refunds, a dispute closed before it opened), converge to the same rows
// because the ledger only moves a row forward and keeps what it knew (ledger.repository.ts).
// Runs inside the webhook inbox's transaction; what staff should hear is returned, to publish
// after commit.

export interface StripeEffects {
  /** Live events to publish once the transaction committed. */
  announce: NewLiveEvent[];
  /** Payment intents whose payment settled: their fee is fetched after the answer (stripe-fees.ts). */
  settledIntents: string[];
}

/**
 * Why a genuine, signed event is still not ours to apply, or null when it is. A live key counts
 * only live events and a test key only test events (the two worlds share event types and ids'
 * shapes, and one endpoint may be subscribed to both). An event carrying `account` happened on
 * a connected account (Stripe Connect): Washdesk is no Connect platform, and the events of our
 * own account never carry one, so it is someone else's money.
 */
export function whyNotOurs(
  event: Pick<Stripe.Event, 'livemode' | 'account'>,
  mode: StripeMode,
): string | null {
  if (event.livemode !== (mode === 'live'))
    return event.livemode
      ? 'a live-mode event, and this install uses a test key'
      : 'a test-mode event, and this install uses a live key';
  if (event.account) return 'an event of a connected account, not of this business';
  return null;
}

type Deps = {
  ledger: Pick<LedgerRepository, 'record' | 'ofPaymentIntent'>;
  disputes: Pick<DisputeRepository, 'record' | 'linkPayment'>;
  checkout?: Pick<CheckoutSessions, 'settle'>;
};

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Our ids travel as metadata strings; anything but a positive whole number is no id. */
const positive = (v: string | undefined) => (v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null);
const cents = (v: string | undefined) => (v && /^\d{1,12}$/.test(v) ? Number(v) : 0);
function ours(metadata: Stripe.Metadata | null | undefined) {
  const m = metadata ?? {};
  return {
    purpose: (PAYMENT_PURPOSES as readonly string[]).includes(m.purpose ?? '')
      ? (m.purpose as PaymentPurpose)
      : null,
    quoteId: positive(m.quote_id),
    invoiceId: positive(m.invoice_id),
    jobId: positive(m.job_id),
    customerId: positive(m.customer_id),
    tipCents: cents(m.tip_cents),
  };
}

/**
 * The type the customer paid with. The session offers card and US bank account only, so a session
 * paid at completion was a card and one that pays later a bank account; a payment intent names
 * the type it was confirmed with.
 */
const methodOfIntent = (pi: Stripe.PaymentIntent): PaymentMethod =>
  pi.payment_method_types.length === 1 && pi.payment_method_types[0] === 'us_bank_account'
    ? 'us_bank_account'
    : 'card';
const methodOfType = (type: string | undefined): PaymentMethod | undefined =>
  type === 'card'
    ? 'card'
    : type === 'us_bank_account' || type === 'us_bank_transfer'
      ? 'us_bank_account'
      : undefined;

const REFUND_STATUS: Record<string, PaymentStatus> = {
  pending: 'pending',
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);

export function stripeEvents(deps: Deps) {
  const { ledger, disputes, checkout } = deps;

  return function apply(event: Stripe.Event): StripeEffects {
    const effects: StripeEffects = { announce: [], settledIntents: [] };
    const at = iso(event.created);
    const record = (entry: LedgerEntry) => {
      const r = ledger.record(entry);
      announce(r);
      // A dispute recorded before its payment learns what the payment was for.
      if (r.payment.kind === 'payment' && entry.providerPaymentIntentId) {
        const { invoiceId, quoteId, jobId, customerId } = r.payment;
        disputes.linkPayment(entry.providerPaymentIntentId, { invoiceId, quoteId, jobId, customerId });
      }
      return r;
    };
    const announce = ({ payment, created, statusChanged }: Recorded) => {
      if (!created && !statusChanged) return;
      if (payment.kind === 'payment' && payment.status === 'succeeded') {
        if (payment.providerPaymentIntentId) effects.settledIntents.push(payment.providerPaymentIntentId);
        const what = payment.purpose === 'deposit' ? 'Deposit' : 'Payment';
        effects.announce.push({
          type: 'payment.received',
          entityId: payment.id,
          summary: `${what} of ${formatCents(payment.amountCents)} received`,
        });
        return;
      }
      effects.announce.push({ type: 'payment.updated', entityId: payment.id, summary: wordsOf(payment) });
    };

    const payment = (
      pi: string,
      status: PaymentStatus,
      method: PaymentMethod,
      amountCents: number,
      metadata: Stripe.Metadata | null,
      extra: Partial<LedgerEntry> = {},
    ) =>
      record({
        sourceKey: `stripe:${pi}`,
        kind: 'payment',
        status,
        method,
        amountCents,
        ...ours(metadata),
        providerPaymentIntentId: pi,
        occurredAt: at,
        ...extra,
      });

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed': {
        const s = event.data.object;
        checkout?.settle(s.id, 'complete');
        const pi = idOf(s.payment_intent);
        if (!pi || s.amount_total === null) break;
        const paidNow = event.type === 'checkout.session.completed' && s.payment_status === 'paid';
        const status: PaymentStatus =
          event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : paidNow || event.type === 'checkout.session.async_payment_succeeded'
              ? 'succeeded'
              : 'pending';
        payment(pi, status, paidNow ? 'card' : 'us_bank_account', s.amount_total, s.metadata, {
          providerSessionId: s.id,
        });
        break;
      }
      case 'checkout.session.expired':
        checkout?.settle(event.data.object.id, 'expired');
        break;
      case 'payment_intent.processing':
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const pi = event.data.object;
        const method = methodOfIntent(pi);
        // A card declined on Stripe's page is no money moving: the customer tries again on the
        // same intent. Only a bank payment that was on its way can fail for the ledger.
        if (event.type === 'payment_intent.payment_failed' && method !== 'us_bank_account') break;
        const status: PaymentStatus =
          event.type === 'payment_intent.succeeded'
            ? 'succeeded'
            : event.type === 'payment_intent.processing'
              ? 'pending'
              : 'failed';
        payment(pi.id, status, method, pi.amount, pi.metadata, { providerChargeId: idOf(pi.latest_charge) });
        break;
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const r = event.data.object;
        const pi = idOf(r.payment_intent);
        const paid = pi ? ledger.ofPaymentIntent(pi).find((p) => p.kind === 'payment') : undefined;
        const { tipCents, ...ids } = ours(r.metadata);
        record({
          sourceKey: `stripe:${r.id}`,
          kind: 'refund',
          status: event.type === 'refund.failed' ? 'failed' : (REFUND_STATUS[r.status ?? ''] ?? 'pending'),
          method: methodOfType(r.destination_details?.type) ?? paid?.method ?? 'card',
          amountCents: -r.amount,
          tipCents: -Math.min(tipCents, r.amount),
          ...ids,
          providerPaymentIntentId: pi,
          providerChargeId: idOf(r.charge),
          providerRefundId: r.id,
          reference: r.reason ?? null,
          occurredAt: iso(r.created),
        });
        break;
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated': {
        const d = event.data.object;
        const pi = idOf(d.payment_intent);
        const paid = pi ? ledger.ofPaymentIntent(pi).find((p) => p.kind === 'payment') : undefined;
        const method = methodOfType(d.payment_method_details?.type) ?? paid?.method ?? 'card';
        const base = {
          method,
          providerPaymentIntentId: pi,
          providerChargeId: idOf(d.charge),
          providerDisputeId: d.id,
          reference: d.reason,
        };
        // An inquiry (warning_*) withdraws nothing; a dispute withdraws its amount when it opens,
        // and a dispute won gives it back.
        if (!d.status.startsWith('warning_'))
          record({
            ...base,
            sourceKey: `stripe:${d.id}`,
            kind: 'dispute',
            status: 'succeeded',
            amountCents: -d.amount,
            occurredAt: iso(d.created),
          });
        if (d.status === 'won')
          record({
            ...base,
            sourceKey: `stripe:${d.id}:reinstated`,
            kind: 'dispute_reversal',
            status: 'succeeded',
            amountCents: d.amount,
            occurredAt: at,
          });
        const dueBy = d.evidence_details?.due_by;
        const { dispute, created } = disputes.record({
          providerDisputeId: d.id,
          providerPaymentIntentId: pi,
          providerChargeId: idOf(d.charge),
          amountCents: d.amount,
          reason: d.reason,
          status: d.status,
          evidenceDueBy: dueBy ? iso(dueBy) : null,
          invoiceId: paid?.invoiceId ?? null,
          quoteId: paid?.quoteId ?? null,
          jobId: paid?.jobId ?? null,
          customerId: paid?.customerId ?? null,
          openedAt: iso(d.created),
          closedAt: CLOSED_DISPUTE.has(d.status) ? at : null,
        });
        if (created)
          effects.announce.push({
            type: 'dispute.opened',
            entityId: dispute.id,
            summary: `A payment of ${formatCents(d.amount)} was disputed${dueBy ? `: evidence due by ${iso(dueBy).slice(0, 10)}` : ''}`,
          });
        break;
      }
      default:
        // Other events are recorded in the inbox (so a replay is known) and change nothing.
        break;
    }
    return effects;
  };
}
export type StripeEventHandler = ReturnType<typeof stripeEvents>;

function wordsOf(p: { kind: string; status: string; amountCents: number }) {
  const amount = formatCents(Math.abs(p.amountCents));
  switch (p.kind) {
    case 'payment':
      return p.status === 'pending'
        ? `Bank payment of ${amount} on its way`
        : `Payment of ${amount} ${p.status}`;
    case 'refund':
      return `Refund of ${amount} ${p.status === 'succeeded' ? 'made' : p.status}`;
    case 'dispute':
      return `${amount} withdrawn for a dispute`;
    case 'dispute_reversal':
      return `${amount} returned: dispute won`;
    default:
      return `Stripe fee of ${amount}`;
  }
}
