import { Router } from 'express';
import { visitCancelSchema, visitRescheduleSchema } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { parseWith } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { VisitPageService } from './visit-page.service.ts';

export const PUBLIC_VISIT = '/api/public/visits/:token';
export const PUBLIC_VISIT_CONFIRM = '/api/public/visits/:token/confirm';
export const PUBLIC_VISIT_RESCHEDULE = '/api/public/visits/:token/reschedule';
export const PUBLIC_VISIT_CANCEL = '/api/public/visits/:token/cancel';

/** The customer's visit page's calls: public, the link's key is the key (auth/public-routes.ts). */
export function visitPageRoutes(service: VisitPageService, rateLimitPerMinute: number) {
  const router = Router();
  const token = (params: Record<string, unknown>) => (typeof params.token === 'string' ? params.token : '');
  router.get(PUBLIC_VISIT, (req, res) => {
    res.json(service.open(token(req.params), Boolean(staffOf(res))));
  });
  router.post(PUBLIC_VISIT_CONFIRM, perMinuteLimit(PUBLIC_VISIT_CONFIRM, rateLimitPerMinute), (req, res) => {
    res.json(service.confirm(token(req.params), Boolean(staffOf(res))));
  });
  router.post(
    PUBLIC_VISIT_RESCHEDULE,
    perMinuteLimit(PUBLIC_VISIT_RESCHEDULE, rateLimitPerMinute),
    (req, res) => {
      const slot = parseWith(visitRescheduleSchema, req.body ?? {});
      res.json(service.reschedule(token(req.params), slot, Boolean(staffOf(res))));
    },
  );
  router.post(PUBLIC_VISIT_CANCEL, perMinuteLimit(PUBLIC_VISIT_CANCEL, rateLimitPerMinute), (req, res) => {
    const { reason } = parseWith(visitCancelSchema, req.body ?? {});
    service.cancel(token(req.params), reason ?? null, Boolean(staffOf(res)));
    res.status(204).end();
  });
  return router;
}
