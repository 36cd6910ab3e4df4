import { Router } from 'express';
import { SEEN_LISTS, type SeenList } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { notFound } from '../http/errors.ts';
import type { Clock } from '../time.ts';
import type { NewForMeRepository } from './new-for-me.repository.ts';

/** The sidebar's counts of what is new for the signed-in staff member, and "I have looked". */
export function newForMeRoutes(news: NewForMeRepository, clock: Clock = Date.now) {
  const router = Router();
  router.get('/api/me/new', (_req, res) => {
    res.json(news.counts(staffOf(res)!.user.id));
  });
  router.put('/api/me/seen/:list', (req, res) => {
    const list = req.params.list as SeenList;
    if (!SEEN_LISTS.includes(list)) throw notFound('List');
    news.markSeen(staffOf(res)!.user.id, list, new Date(clock()).toISOString());
    res.json(news.counts(staffOf(res)!.user.id));
  });
  return router;
}
