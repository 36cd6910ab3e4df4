import { Router } from 'express';
import type { StatsRepository } from './stats.repository.ts';

export function statsRoutes(stats: StatsRepository) {
  const router = Router();
  router.get('/api/stats', (_req, res) => {
    res.json(stats.compute());
  });
  return router;
}
