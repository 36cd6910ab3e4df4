import { Router } from 'express';
import { leadListQuerySchema, leadStageChangeSchema } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { LeadRepository } from './lead.repository.ts';

/** The requests inbox: every lead, newest first, filtered and searched; its pipeline stage and history. */
export function leadRoutes(leads: LeadRepository) {
  const router = Router();
  router.get('/api/leads', (req, res) => {
    const { rows, total } = leads.list(listQuery(req, leadListQuerySchema));
    sendPage(res, rows, total);
  });
  router.get('/api/leads/:id', (req, res) => {
    const lead = leads.get(routeId(req.params));
    if (!lead) throw notFound('Lead');
    res.json(lead);
  });
  router.get('/api/leads/:id/history', (req, res) => {
    const id = routeId(req.params);
    if (!leads.get(id)) throw notFound('Lead');
    res.json(leads.history(id));
  });
  router.put('/api/leads/:id/stage', (req, res) => {
    const id = routeId(req.params);
    const change = parseWith(leadStageChangeSchema, req.body ?? {});
    const lead = leads.changeStage(id, change, staffOf(res)!.user.id);
    if (!lead) throw notFound('Lead');
    res.json(lead);
  });
  return router;
}
