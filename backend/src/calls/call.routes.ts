import { Router } from 'express';
import { callListQuerySchema, idParamSchema } from '@washdesk/contract';
import { z } from 'zod';
import { notFound, parseWith } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { CallRepository } from './call.repository.ts';

export function callRoutes(calls: CallRepository) {
  const router = Router();
  router.get('/api/calls', (req, res) => {
    const { rows, total } = calls.list(listQuery(req, callListQuerySchema));
    sendPage(res, rows, total);
  });
  router.get('/api/calls/:id', (req, res) => {
    const call = calls.get(parseWith(idParamSchema, req.params).id);
    if (!call) throw notFound('Call');
    res.json(call);
  });
  router.get('/api/ai-responses', (req, res) => {
    const { rows, total } = calls.aiResponses(listQuery(req, z.object({})));
    sendPage(res, rows, total);
  });
  return router;
}
