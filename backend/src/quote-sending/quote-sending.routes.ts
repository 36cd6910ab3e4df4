import { Router } from 'express';
import {
  acceptQuoteSchema,
  quoteAnswerSchema,
  quoteQuestionSchema,
  sendQuoteSchema,
} from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import type { Config } from '../config.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { QuoteSendingService } from './quote-sending.service.ts';

export const PUBLIC_QUOTE = '/api/public/quotes/:token';
export const PUBLIC_QUOTE_ACCEPT = '/api/public/quotes/:token/accept';
export const PUBLIC_QUOTE_QUESTIONS = '/api/public/quotes/:token/questions';

/** Staff send quotes from a submission; customers open, accept and ask through the link's token. */
export function quoteSendingRoutes(config: Config, service: QuoteSendingService) {
  const router = Router();
  const token = (params: Record<string, unknown>) => (typeof params.token === 'string' ? params.token : '');

  // Staff.
  router.get('/api/photo-submissions/:id/quotes', (req, res) => {
    const id = routeId(req.params);
    const quotes = service.ofSubmission(id);
    if (!quotes) throw notFound('Photo submission');
    res.json({ quotes, deliveryConfigured: service.configured(), leadStage: service.leadStage(id) });
  });
  router.post('/api/photo-submissions/:id/quotes', async (req, res) => {
    const id = routeId(req.params);
    const { estimateAmount } = parseWith(sendQuoteSchema, req.body ?? {});
    const quote = await service.send(id, estimateAmount, staffOf(res)!.user.id);
    res.status(201).json({ quote, deliveryConfigured: service.configured() });
  });

  router.post('/api/photo-submissions/:id/quotes/:quoteId/link-copied', (req, res) => {
    const quoteId = routeId({ id: req.params.quoteId });
    res.json(service.linkCopied(routeId(req.params), quoteId));
  });
  router.post('/api/photo-submissions/:id/quotes/questions/:questionId/answer', async (req, res) => {
    const reply = parseWith(quoteAnswerSchema, req.body ?? {});
    const questionId = routeId({ id: req.params.questionId });
    res.json(await service.answer(routeId(req.params), questionId, reply, staffOf(res)!.user.id));
  });

  // Customers (public: the token is the key; see auth/public-routes.ts).
  router.get(PUBLIC_QUOTE, (req, res) => {
    res.json(service.open(token(req.params), Boolean(staffOf(res))));
  });
  router.post(
    PUBLIC_QUOTE_ACCEPT,
    perMinuteLimit(PUBLIC_QUOTE_ACCEPT, config.rateLimitPerMinute),
    (req, res) => {
      const byStaff = Boolean(staffOf(res));
      const quote = token(req.params);
      // The link, then who asks, then the body: a wrong link is a 404 whatever its body.
      service.customerOnly(quote, byStaff);
      const body = parseWith(acceptQuoteSchema, req.body ?? {});
      // The acceptance's evidence: where it came from (the proxy's view when `trust proxy` is set).
      const from = {
        ip: req.ip ?? req.socket.remoteAddress ?? null,
        userAgent: req.get('user-agent') ?? null,
      };
      res.json(service.accept(quote, body, from, byStaff));
    },
  );
  router.post(
    PUBLIC_QUOTE_QUESTIONS,
    perMinuteLimit(PUBLIC_QUOTE_QUESTIONS, config.rateLimitPerMinute),
    (req, res) => {
      const { question } = parseWith(quoteQuestionSchema, req.body ?? {});
      res.status(201).json(service.ask(token(req.params), question, Boolean(staffOf(res))));
    },
  );
  return router;
}
