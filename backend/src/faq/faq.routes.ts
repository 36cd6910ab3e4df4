import { Router } from 'express';
import { faqEntryInputSchema } from '@washdesk/contract';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import type { FaqRepository } from './faq.repository.ts';

export function faqRoutes(faq: FaqRepository) {
  const router = Router();
  router.get('/api/faq', (_req, res) => {
    res.json(faq.list());
  });
  router.post('/api/faq', (req, res) => {
    res.status(201).json(faq.create(parseWith(faqEntryInputSchema, req.body ?? {})));
  });
  router.put('/api/faq/:id', (req, res) => {
    const id = routeId(req.params);
    const entry = faq.update(id, parseWith(faqEntryInputSchema, req.body ?? {}));
    if (!entry) throw notFound('FAQ entry');
    res.json(entry);
  });
  router.delete('/api/faq/:id', (req, res) => {
    const id = routeId(req.params);
    if (!faq.remove(id)) throw notFound('FAQ entry');
    res.status(204).end();
  });
  return router;
}
