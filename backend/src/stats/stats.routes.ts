import { Router } from 'express';
import type { StatsService } from './stats.service.ts';

export function statsRoutes(stats: StatsService) {
  const router = Router();
  router.get('/api/stats', (_req, res) => {
    res.json(stats.dashboard());
  });
  router.get('/api/stats/quote-performance', (_req, res) => {
    res.json(stats.quotePerformance());
  });
  return router;
}
