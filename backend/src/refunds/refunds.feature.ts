import { Router } from 'express';
import { REFUND_KEY_HEADER, refundRequestSchema } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { HttpError, parseWith, routeId } from '../http/errors.ts';
import { ERROR_CODES } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import type { Stripe } from '../payments/stripe-client.ts';
import type { Clock } from '../time.ts';
import { refundRequestRepository } from './refund-request.repository.ts';
import { refundService } from './refund.service.ts';

// A client's key: printable, short; anything else is refused rather than stored.
const CLIENT_KEY = /^[\x21-\x7e]{8,200}$/;

/**
 * Refunds (issue 35, item 5): `POST /api/payments/:id/refund` (the owner only: `refund` in
 * route-permissions.ts) and `GET /api/payments/:id/refundable` for the dialog's limits.
 */
export function refundsFeature(deps: {
  db: Db;
  ledger: Pick<LedgerRepository, 'get' | 'record' | 'linkRefund'>;
  stripe: Stripe | undefined;
  events: Pick<EventBus, 'publish'>;
  clock?: Clock;
}) {
  const requests = refundRequestRepository(deps.db, deps.clock);
  // A payment under an open dispute cannot also be refunded (Stripe refuses; the dispute is answered).
  const openDispute = deps.db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM disputes WHERE provider_payment_intent_id = ? AND closed_at IS NULL',
  );
  const refunds = refundService({
    db: deps.db,
    ledger: deps.ledger,
    requests,
    stripe: deps.stripe,
    events: deps.events,
    disputed: (pi) => (openDispute.get(pi)?.n ?? 0) > 0,
  });
  const router = Router();

  router.get('/api/payments/:id/refundable', (req, res) => {
    res.json(refunds.refundable(routeId(req.params)));
  });

  router.post('/api/payments/:id/refund', async (req, res) => {
    const id = routeId(req.params);
    const body = parseWith(refundRequestSchema, req.body ?? {});
    const key = req.get(REFUND_KEY_HEADER) ?? null;
    if (key !== null && !CLIENT_KEY.test(key))
      throw new HttpError(
        400,
        ERROR_CODES.validation,
        `${REFUND_KEY_HEADER} must be 8 to 200 printable characters`,
      );
    const answer = await refunds.refund(id, body, { userId: staffOf(res)?.user.id ?? null, clientKey: key });
    res.status(answer.replayed ? 200 : 201).json(answer);
  });

  return { router, refunds };
}
