import { Router } from 'express';
import { aiResponseListQuerySchema } from '@washdesk/contract';
import { listQuery, sendPage } from '../http/lists.ts';
import type { AiResponseRepository } from './ai-response.repository.ts';

export function aiResponseRoutes(aiResponses: AiResponseRepository) {
  const router = Router();
  router.get('/api/ai-responses', (req, res) => {
    const { rows, total } = aiResponses.list(listQuery(req, aiResponseListQuerySchema));
    sendPage(res, rows, total);
  });
  // The AI Responses cards and Settings' Performance Metrics: figures from the whole log.
  router.get('/api/ai-responses/summary', (_req, res) => {
    res.json(aiResponses.summary());
  });
  // "Analyze Patterns": how the log splits by intent.
  router.get('/api/ai-responses/intents', (_req, res) => {
    res.json(aiResponses.intents());
  });
  return router;
}
