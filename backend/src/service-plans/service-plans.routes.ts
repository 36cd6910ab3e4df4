import { Router } from 'express';
import { planVisitPickSchema, servicePlanInputSchema } from '@washdesk/contract';
import { parseWith, routeId } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { PlanVisitPageService } from './plan-visit-page.service.ts';
import type { ServicePlansService } from './service-plans.service.ts';

export const CUSTOMER_PLANS = '/api/customers/:id/service-plans';
export const CUSTOMER_PLAN = '/api/customers/:id/service-plans/:planId';
export const CUSTOMER_PLAN_STOP = '/api/customers/:id/service-plans/:planId/stop';
export const PUBLIC_PLAN_VISIT = '/api/public/plan-visits/:token';
export const PUBLIC_PLAN_VISIT_PICK = '/api/public/plan-visits/:token/pick';

/** Staff's "Service plan" card on a customer's record. */
export function servicePlanRoutes(service: ServicePlansService) {
  const router = Router();
  const ids = (params: Record<string, unknown>) => [routeId(params), routeId({ id: params.planId })] as const;
  router.get(CUSTOMER_PLANS, (req, res) => {
    res.json(service.list(routeId(req.params)));
  });
  router.post(CUSTOMER_PLANS, (req, res) => {
    const customerId = routeId(req.params);
    res.status(201).json(service.create(customerId, parseWith(servicePlanInputSchema, req.body ?? {})));
  });
  router.put(CUSTOMER_PLAN, (req, res) => {
    const [customerId, planId] = ids(req.params);
    res.json(service.update(customerId, planId, parseWith(servicePlanInputSchema, req.body ?? {})));
  });
  router.post(CUSTOMER_PLAN_STOP, (req, res) => {
    const [customerId, planId] = ids(req.params);
    res.json(service.stop(customerId, planId));
  });
  return router;
}

/** The customer's page: public, the link's key is the key (auth/public-routes.ts). */
export function planVisitRoutes(service: PlanVisitPageService, rateLimitPerMinute: number) {
  const router = Router();
  const token = (params: Record<string, unknown>) => (typeof params.token === 'string' ? params.token : '');
  router.get(PUBLIC_PLAN_VISIT, (req, res) => {
    res.json(service.open(token(req.params)));
  });
  router.post(
    PUBLIC_PLAN_VISIT_PICK,
    perMinuteLimit(PUBLIC_PLAN_VISIT_PICK, rateLimitPerMinute),
    (req, res) => {
      const slot = parseWith(planVisitPickSchema, req.body ?? {});
      res.json(service.pick(token(req.params), slot));
    },
  );
  return router;
}
