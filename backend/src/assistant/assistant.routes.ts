import { Router } from 'express';
import type { AssistantStatusService } from './assistant-status.service.ts';

export function assistantRoutes(assistant: AssistantStatusService) {
  const router = Router();
  router.get('/api/assistant/status', (_req, res) => {
    res.json(assistant.status());
  });
  return router;
}
