import { Router } from 'express';
import {
  CUSTOMER_KEY_TAKEN,
  CUSTOMER_MERGE_ITSELF,
  CUSTOMER_MERGED_CODE,
  DUPLICATE_NOT_OPEN,
  customerListQuerySchema,
  customerMergeSchema,
  customerUpdateSchema,
  ERROR_CODES,
} from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { HttpError, notFound, parseWith, routeId, validationError } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, NO_FILTERS, sendPage } from '../http/lists.ts';
import type { CustomerChange, CustomerRepository } from './customer.repository.ts';

/** A merged record answers 404 too, saying where it went, so an old link can follow it. */
const mergedAway = (mergedInto: number) =>
  new HttpError(404, CUSTOMER_MERGED_CODE, 'This customer was merged into another record', undefined, {
    mergedInto,
  });

function answer(change: CustomerChange) {
  switch (change.outcome) {
    case 'changed':
      return change.customer;
    case 'missing':
      throw notFound('Customer');
    case 'merged':
      throw mergedAway(change.mergedInto);
    case 'key-taken':
      throw new HttpError(409, ERROR_CODES.conflict, CUSTOMER_KEY_TAKEN);
  }
}

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = customerListQuerySchema.extend(keyCursorSchema.shape);

/** Customer records: found by anything staff know, a timeline across channels, edited, merged. */
export function customerRoutes(customers: CustomerRepository, yearAgo: () => string) {
  const router = Router();
  const existing = (id: number) => {
    const found = customers.get(id);
    if (!found) throw notFound('Customer');
    if ('mergedInto' in found) throw mergedAway(found.mergedInto);
    return found;
  };

  router.get('/api/customers', (req, res) => {
    const query = listQuery(req, pageFilters);
    // A cursor pages the list as it opens or by town; with a search, last service or balance it is
    // refused rather than ignored (those pages are read by offset), and none is offered.
    const keyed = !query.q && !query.lastService && (query.balance ?? 'any') === 'any';
    if (query.cursor && !keyed)
      throw validationError({
        cursor: 'A cursor pages the list without a search, last-service or balance filter',
      });
    const { rows, total } = customers.list({ ...query, yearAgo: yearAgo() });
    if (keyed) sendNextCursor(res, rows, query.limit, (row) => row.lastActivityAt);
    sendPage(res, rows, total);
  });
  // The towns customers live in, for the Customers screen's filter.
  router.get('/api/customers/towns', (_req, res) => {
    res.json(customers.towns());
  });
  router.get('/api/customers/:id', (req, res) => {
    res.json(existing(routeId(req.params)));
  });
  router.get('/api/customers/:id/timeline', (req, res) => {
    const id = routeId(req.params);
    existing(id);
    const { limit, offset } = listQuery(req, NO_FILTERS);
    const { rows, total } = customers.timeline(id, limit, offset);
    sendPage(res, rows, total);
  });
  router.get('/api/customers/:id/possible-duplicates', (req, res) => {
    const id = routeId(req.params);
    existing(id);
    res.json(customers.possibleDuplicates(id));
  });
  // "Not the same person": the pair is never suggested again.
  router.delete('/api/customers/:id/possible-duplicates/:otherId', (req, res) => {
    const id = routeId(req.params);
    const otherId = routeId({ id: req.params.otherId });
    existing(id);
    if (!customers.dismissDuplicate(id, otherId, staffOf(res)!.user.id))
      throw new HttpError(404, ERROR_CODES.notFound, DUPLICATE_NOT_OPEN);
    res.status(204).end();
  });
  router.put('/api/customers/:id', (req, res) => {
    const id = routeId(req.params);
    res.json(answer(customers.update(id, parseWith(customerUpdateSchema, req.body ?? {}))));
  });
  router.post('/api/customers/:id/merge', (req, res) => {
    const id = routeId(req.params);
    const { otherId } = parseWith(customerMergeSchema, req.body ?? {});
    if (otherId === id) throw new HttpError(400, ERROR_CODES.validation, CUSTOMER_MERGE_ITSELF);
    res.json(answer(customers.merge(id, otherId)));
  });
  return router;
}
