import { Router } from 'express';
import { crewCreateSchema, crewUpdateSchema } from '@washdesk/contract';
import { parseWith, routeId } from '../http/errors.ts';
import { staffOf } from '../auth/staff-session.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import type { ScheduleService } from './schedule.service.ts';

/** Settings → Crews: every crew (retired ones too, greyed), add one, change or retire one. */
export function crewRoutes(deps: { service: ScheduleService; crews: Pick<CrewRepository, 'all'> }) {
  const router = Router();
  const actor = (res: Parameters<typeof staffOf>[0]) => {
    const { id, name } = staffOf(res)!.user;
    return { id, name };
  };
  router.get('/api/crews', (_req, res) => {
    res.json(deps.crews.all());
  });
  router.post('/api/crews', (req, res) => {
    res.status(201).json(deps.service.addCrew(parseWith(crewCreateSchema, req.body ?? {}), actor(res)));
  });
  router.patch('/api/crews/:id', (req, res) => {
    const id = routeId(req.params);
    res.json(deps.service.changeCrew(id, parseWith(crewUpdateSchema, req.body ?? {}), actor(res)));
  });
  return router;
}
