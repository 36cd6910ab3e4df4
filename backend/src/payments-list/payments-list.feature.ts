import { Router } from 'express';
import { paymentListQuerySchema } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { notFound, routeId } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import { paymentListRepository } from './payment-list.repository.ts';

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = paymentListQuerySchema.extend(keyCursorSchema.shape);

/**
 * The ledger's list (issue 35, item 6): `GET /api/payments`, newest first, filtered, paged by offset
 * or by key (`?cursor=`, `X-Next-Cursor`), and one row by id. Any staff member reads it.
 */
export function paymentsListFeature(deps: {
  db: Db;
  timeZone: string;
  ledger: Pick<LedgerRepository, 'get'>;
}) {
  const list = paymentListRepository(deps.db, deps.timeZone);
  const router = Router();

  router.get('/api/payments', (req, res) => {
    const query = listQuery(req, pageFilters);
    const { rows, total } = list.list(query);
    sendNextCursor(
      res,
      rows.map((r) => ({ createdAt: r.occurredAt, id: r.id })),
      query.limit,
    );
    sendPage(res, rows, total);
  });

  router.get('/api/payments/:id', (req, res) => {
    const payment = deps.ledger.get(routeId(req.params));
    if (!payment) throw notFound('Payment');
    res.json(payment);
  });

  return { router };
}
