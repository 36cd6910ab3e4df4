import { Router } from 'express';
import { aiResponseListQuerySchema } from '@washdesk/contract';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { AiResponseRepository } from './ai-response.repository.ts';

export function aiResponseRoutes(aiResponses: AiResponseRepository) {
  const router = Router();
  router.get('/api/ai-responses', (req, res) => {
    const query = listQuery(req, aiResponseListQuerySchema.extend(keyCursorSchema.shape));
    const { rows, total } = aiResponses.list(query);
    sendNextCursor(res, rows, query.limit);
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
