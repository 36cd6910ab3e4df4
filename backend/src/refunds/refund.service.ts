import {
  ERROR_CODES,
  formatCents,
  PAYMENT_METHOD_LABELS,
  type Payment,
  type PaymentStatus,
  type RefundAnswer,
} from '@washdesk/contract';
import { HttpError, notFound } from '../http/errors.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import type { Stripe } from '../payments/stripe-client.ts';
import {
  refundIdempotencyKey,
  type RefundRequestRepository,
  type RefundRequestRow,
} from './refund-request.repository.ts';

// A refund staff ask for (issue 35, item 5): full or partial, the tip refundable on its own, never
// more than is left of the payment. Card and bank payments go back through Stripe with OUR
// idempotency key (from the request row written first); cash, checks and "other" are given back by
// hand, so their refund is recorded at once as a manual ledger row. The screen never claims a
// refund Stripe has not answered: an unknown outcome says so and the retry asks again, safely.

export const STRIPE_NOT_CONFIGURED_FOR_REFUNDS =
  'Online payments are not set up on this server (no STRIPE_SECRET_KEY), so this card or bank payment cannot be refunded from here. Refund it in the Stripe dashboard.';
export const PENDING_BANK_PAYMENT =
  'This bank payment has not arrived yet. It can be refunded once it has succeeded.';
export const NOT_A_PAYMENT = 'Only a payment can be refunded (not a refund, a fee or a dispute).';
export const PAYMENT_DID_NOT_GO_THROUGH = 'This payment did not go through, so there is nothing to refund.';
export const DISPUTED_PAYMENT =
  'This payment is disputed. Answer the dispute instead: a disputed payment cannot also be refunded.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different refund.';
export const STRIPE_DID_NOT_ANSWER =
  'Stripe did not answer, so we do not know yet whether the refund was made. Try again: the same refund is never made twice.';
export const REFUND_REFUSED_CODE = 'refund_refused';
export const REFUND_TOO_LARGE_CODE = 'refund_too_large';

const ONLINE = new Set(['card', 'us_bank_account']);

/** Stripe's refund statuses in the ledger's words; "requires_action" is still on its way. */
const ledgerStatus = (s: string | null | undefined): PaymentStatus =>
  s === 'succeeded' ? 'succeeded' : s === 'failed' ? 'failed' : s === 'canceled' ? 'canceled' : 'pending';

/** Stripe answered and said no: nothing was refunded (a retry or an outage is not this). */
const refusedByStripe = (error: unknown): error is Error & { statusCode: number } => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
};

export interface RefundDeps {
  db: Db;
  ledger: Pick<LedgerRepository, 'get' | 'record' | 'linkRefund'>;
  requests: RefundRequestRepository;
  stripe: Stripe | undefined;
  events: Pick<EventBus, 'publish'>;
  /** Whether the payment's intent has an open dispute (read from the disputes table). */
  disputed: (paymentIntentId: string) => boolean;
}

export interface RefundAsk {
  amountCents: number;
  tipCents: number;
  reason?: string;
}

export function refundService(deps: RefundDeps) {
  const { db, ledger, requests, stripe, events } = deps;
  // A double click with the same key while Stripe is still answering the first waits for that answer.
  const underWay = new Map<number, Promise<RefundAnswer>>();

  const answerOf = (payment: Payment, request: RefundRequestRow, replayed: boolean): RefundAnswer => {
    const refund = ledger.get(request.ledger_id!)!;
    const { nonTipCents: _, ...refundable } = requests.refundable(payment);
    return { refund, refundable, replayed };
  };

  const announce = (payment: Payment, refund: Payment, by: number | null) =>
    events.publish({
      type: 'payment.updated',
      entityId: refund.id,
      summary: `Refund of ${formatCents(-refund.amountCents)} on a ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} payment ${refund.status === 'succeeded' ? 'recorded' : 'on its way'}`,
      actorUserId: by,
    });

  /** Cash, check, other: given back by hand, recorded now. */
  const recordByHand = db.transaction((payment: Payment, request: RefundRequestRow) => {
    const { payment: refund } = ledger.record({
      sourceKey: `manual:refund-${request.id}`,
      kind: 'refund',
      status: 'succeeded',
      method: payment.method,
      purpose: payment.purpose,
      amountCents: -request.amount_cents,
      tipCents: -request.tip_cents,
      quoteId: payment.quoteId,
      invoiceId: payment.invoiceId,
      jobId: payment.jobId,
      customerId: payment.customerId,
      reference: request.reason,
      recordedBy: request.requested_by,
      occurredAt: request.created_at,
    });
    ledger.linkRefund(refund.id, payment.id);
    requests.recorded(request.id, refund.id, null);
    return refund;
  });

  const recordStripeRefund = db.transaction(
    (payment: Payment, request: RefundRequestRow, re: Stripe.Refund) => {
      const { payment: refund } = ledger.record({
        sourceKey: `stripe:${re.id}`,
        kind: 'refund',
        status: ledgerStatus(re.status),
        method: payment.method,
        purpose: payment.purpose,
        amountCents: -re.amount,
        tipCents: -request.tip_cents,
        quoteId: payment.quoteId,
        invoiceId: payment.invoiceId,
        jobId: payment.jobId,
        customerId: payment.customerId,
        providerPaymentIntentId: payment.providerPaymentIntentId,
        providerChargeId: typeof re.charge === 'string' ? re.charge : (re.charge?.id ?? null),
        providerRefundId: re.id,
        reference: request.reason,
        recordedBy: request.requested_by,
        occurredAt: new Date(re.created * 1000).toISOString(),
      });
      requests.recorded(request.id, refund.id, re.id);
      return refund;
    },
  );

  /** Asks Stripe for the request's refund (again, after a lost answer: the same key, the same refund). */
  const askStripe = async (
    payment: Payment,
    request: RefundRequestRow,
    replayed: boolean,
  ): Promise<RefundAnswer> => {
    let re: Stripe.Refund;
    try {
      re = await stripe!.refunds.create(
        {
          payment_intent: payment.providerPaymentIntentId!,
          amount: request.amount_cents,
          metadata: {
            washdesk_refund_request: String(request.id),
            washdesk_payment: String(payment.id),
            tip_cents: String(request.tip_cents),
            ...(request.reason ? { reason: request.reason.slice(0, 500) } : {}),
          },
        },
        { idempotencyKey: refundIdempotencyKey(request.id) },
      );
    } catch (error) {
      if (refusedByStripe(error)) {
        requests.failed(request.id, error.message);
        throw new HttpError(502, REFUND_REFUSED_CODE, `Stripe refused the refund: ${error.message}`);
      }
      throw new HttpError(504, ERROR_CODES.unavailable, STRIPE_DID_NOT_ANSWER);
    }
    const refund = recordStripeRefund(payment, request, re);
    if (!replayed) announce(payment, refund, request.requested_by);
    return answerOf(payment, requests.get(request.id)!, replayed);
  };

  const settle = (payment: Payment, request: RefundRequestRow, replayed: boolean): Promise<RefundAnswer> => {
    if (request.status === 'recorded') return Promise.resolve(answerOf(payment, request, replayed));
    if (request.status === 'failed')
      return Promise.reject(
        new HttpError(502, REFUND_REFUSED_CODE, `Stripe refused the refund: ${request.problem}`),
      );
    let asking = underWay.get(request.id);
    if (!asking) {
      asking = askStripe(payment, request, replayed).finally(() => underWay.delete(request.id));
      underWay.set(request.id, asking);
      return asking;
    }
    return asking.then((answer) => ({ ...answer, replayed: true }));
  };

  return {
    /** What is left to give back of a payment (the dialog's limits). */
    refundable(paymentId: number) {
      const payment = ledger.get(paymentId);
      if (!payment || payment.kind !== 'payment') throw notFound('Payment');
      const { nonTipCents: _, ...left } = requests.refundable(payment);
      return left;
    },

    async refund(
      paymentId: number,
      ask: RefundAsk,
      who: { userId: number | null; clientKey: string | null },
    ): Promise<RefundAnswer> {
      const payment = ledger.get(paymentId);
      if (!payment) throw notFound('Payment');
      // A retry of a request already made answers that request, whatever has happened since.
      const earlier = who.clientKey
        ? requests.byClientKey(who.clientKey)
        : requests.sameClick({
            paymentId,
            amountCents: ask.amountCents,
            tipCents: ask.tipCents,
            requestedBy: who.userId,
          });
      if (earlier) {
        if (
          earlier.payment_id !== paymentId ||
          earlier.amount_cents !== ask.amountCents ||
          earlier.tip_cents !== ask.tipCents
        )
          throw new HttpError(409, ERROR_CODES.conflict, KEY_REUSED);
        return settle(payment, earlier, true);
      }
      if (payment.kind !== 'payment') throw new HttpError(409, ERROR_CODES.conflict, NOT_A_PAYMENT);
      if (payment.status === 'pending') throw new HttpError(409, ERROR_CODES.conflict, PENDING_BANK_PAYMENT);
      if (payment.status !== 'succeeded')
        throw new HttpError(409, ERROR_CODES.conflict, PAYMENT_DID_NOT_GO_THROUGH);
      const online = ONLINE.has(payment.method);
      if (online && (!stripe || !payment.providerPaymentIntentId))
        throw new HttpError(503, ERROR_CODES.unavailable, STRIPE_NOT_CONFIGURED_FOR_REFUNDS);
      if (online && deps.disputed(payment.providerPaymentIntentId!))
        throw new HttpError(409, ERROR_CODES.conflict, DISPUTED_PAYMENT);

      // A refund asked before whose answer was lost counts against what is left until Stripe says
      // what became of it: ask again now, with its own key (Stripe answers the same refund, or makes
      // the one the owner asked for then), so the check below reads what really happened.
      for (const stale of requests.requestedOf(payment.id))
        await settle(payment, stale, true).catch(() => undefined);

      const opened = requests.open(payment, {
        amountCents: ask.amountCents,
        tipCents: ask.tipCents,
        reason: ask.reason?.trim() || null,
        clientKey: who.clientKey,
        requestedBy: who.userId,
      });
      if ('left' in opened) {
        const { left } = opened;
        const field = ask.tipCents > left.tipCents ? 'tipCents' : 'amountCents';
        const message =
          field === 'tipCents'
            ? `Only ${formatCents(left.tipCents)} of the tip is left to refund.`
            : `Only ${formatCents(left.amountCents)} of this payment is left to refund${left.tipCents ? `, ${formatCents(left.tipCents)} of it the tip` : ''}.`;
        throw new HttpError(
          422,
          REFUND_TOO_LARGE_CODE,
          message,
          { [field]: message },
          {
            refundable: { paymentId, amountCents: left.amountCents, tipCents: left.tipCents },
          },
        );
      }
      const { request } = opened;
      if (!online) {
        const refund = recordByHand(payment, request);
        announce(payment, refund, who.userId);
        return answerOf(payment, requests.get(request.id)!, false);
      }
      return settle(payment, request, false);
    },
  };
}
export type RefundService = ReturnType<typeof refundService>;
