import { Router } from 'express';
import { aiResponseListQuerySchema } from '@washdesk/contract';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { AiResponseRepository } from './ai-response.repository.ts';

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = aiResponseListQuerySchema.extend(keyCursorSchema.shape);

export function aiResponseRoutes(aiResponses: AiResponseRepository) {
  const router = Router();
  router.get('/api/ai-responses', (req, res) => {
    const query = listQuery(req, pageFilters);
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
