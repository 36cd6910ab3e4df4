import { Router } from 'express';
import { staffOf } from '../auth/staff-session.ts';
import { parseWith, routeId } from '../http/errors.ts';
import { bookJobSchema, type LeadQuotesService } from './lead-quotes.service.ts';
import type { QuoteSendingService } from './quote-sending.service.ts';

/** Staff's quote editor for any lead (Requests) or customer's record, and "Book the job". */
export function leadQuotesRoutes(service: LeadQuotesService, sending: QuoteSendingService) {
  const router = Router();
  const staffId = (res: Parameters<typeof staffOf>[0]) => staffOf(res)!.user.id;

  router.get('/api/leads/:id/quotes', (req, res) => {
    res.json({ quotes: service.forLead(routeId(req.params)), deliveryConfigured: sending.configured() });
  });
  router.post('/api/leads/:id/quotes', async (req, res) => {
    const quote = await service.sendForLead(routeId(req.params), req.body ?? {}, staffId(res));
    res.status(201).json({ quote, deliveryConfigured: sending.configured() });
  });
  router.get('/api/customers/:id/quotes', (req, res) => {
    res.json({ quotes: service.forCustomer(routeId(req.params)), deliveryConfigured: sending.configured() });
  });
  router.post('/api/customers/:id/quotes', async (req, res) => {
    const quote = await service.sendForCustomer(routeId(req.params), req.body ?? {}, staffId(res));
    res.status(201).json({ quote, deliveryConfigured: sending.configured() });
  });
  router.post('/api/quotes/:id/link-copied', (req, res) => {
    res.json(sending.linkCopiedById(routeId(req.params)));
  });
  router.post('/api/quotes/:id/book', (req, res) => {
    const { durationMinutes } = parseWith(bookJobSchema, req.body ?? {});
    const booked = service.book(routeId(req.params), durationMinutes);
    res.status(booked.created ? 201 : 200).json({ job: booked.job, quote: booked.quote });
  });
  return router;
}
