import { Router } from 'express';
import type { Db } from '../db/database.ts';
import { quotePerformanceRepository } from './quote-performance.repository.ts';
import type { StatsRepository } from './stats.repository.ts';

export function statsRoutes(stats: StatsRepository, db: Db) {
  const router = Router();
  const performance = quotePerformanceRepository(db);
  router.get('/api/stats', (_req, res) => {
    res.json(stats.compute());
  });
  router.get('/api/stats/quote-performance', (_req, res) => {
    res.json(performance.compute());
  });
  return router;
}
