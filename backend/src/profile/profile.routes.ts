import { Router } from 'express';
import type { ProfileService } from './profile.service.ts';

export function profileRoutes(profile: ProfileService) {
  const router = Router();
  router.get('/api/public/profile', (_req, res) => {
    res.json(profile.publicProfile());
  });
  router.get('/api/health', (_req, res) => {
    const health = profile.health();
    res.status(health.ok ? 200 : 503).json(health);
  });
  return router;
}
