import { Router } from 'express';
import type { QuoteFollowUps } from '@washdesk/contract';
import { notFound, routeId } from '../http/errors.ts';

/**
 * A quote's follow-ups as its dialog sees them: where they stand, and staff pausing them (a
 * customer said they are thinking it over, say) or letting the ones not yet due go again.
 */
export function quoteFollowUpRoutes(follow: {
  exists(quoteId: number): boolean;
  statusOf(quoteId: number): QuoteFollowUps;
  stop(quoteId: number): void;
  resume(quoteId: number): void;
}) {
  const router = Router();
  const quoteId = (params: unknown) => {
    const id = routeId(params);
    if (!follow.exists(id)) throw notFound('Quote');
    return id;
  };
  router.get('/api/quotes/:id/follow-ups', (req, res) => {
    res.json(follow.statusOf(quoteId(req.params)));
  });
  router.post('/api/quotes/:id/follow-ups/stop', (req, res) => {
    const id = quoteId(req.params);
    follow.stop(id);
    res.json(follow.statusOf(id));
  });
  router.post('/api/quotes/:id/follow-ups/resume', (req, res) => {
    const id = quoteId(req.params);
    follow.resume(id);
    res.json(follow.statusOf(id));
  });
  return router;
}
