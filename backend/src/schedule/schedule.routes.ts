import { Router } from 'express';
import {
  DEFAULT_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  jobListQuerySchema,
  jobStatusChangeSchema,
  jobVisitSchema,
  scheduleQuerySchema,
  visitMoveSchema,
} from '@washdesk/contract';
import { parseWith, routeId } from '../http/errors.ts';
import { staffOf } from '../auth/staff-session.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { BoardRead } from './board.read.ts';
import type { ScheduleService } from './schedule.service.ts';

/** The board's routes: thin, each parses with the contract and asks the service. */
export function scheduleRoutes(deps: {
  service: ScheduleService;
  board: Pick<BoardRead, 'range' | 'unscheduledCount'>;
  jobs: Pick<JobRepository, 'unscheduled'>;
}) {
  const { service, board } = deps;
  const router = Router();
  const actor = (res: Parameters<typeof staffOf>[0]) => {
    const { id, name } = staffOf(res)!.user;
    return { id, name };
  };

  router.get('/api/schedule', (req, res) => {
    const { from, to } = parseWith(scheduleQuerySchema, req.query);
    res.json(board.range(from, to));
  });
  router.post('/api/schedule/visits/:id/move', (req, res) => {
    const id = routeId(req.params);
    res.json(service.move(id, parseWith(visitMoveSchema, req.body ?? {}), actor(res)));
  });
  router.post('/api/schedule/jobs/:id/visit', (req, res) => {
    const id = routeId(req.params);
    res.status(201).json(service.bookJob(id, parseWith(jobVisitSchema, req.body ?? {}), actor(res)));
  });

  // The tray, a page at a time by key: the next page is after the last id shown, so a job
  // scheduled meanwhile never shifts the page (RFC 8288 `Link: rel="next"`).
  router.get('/api/jobs', (req, res) => {
    const query = parseWith(jobListQuerySchema, req.query);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = deps.jobs.unscheduled(query.after ?? 0, limit);
    res.setHeader(TOTAL_COUNT_HEADER, String(board.unscheduledCount()));
    if (rows.length === limit)
      res.setHeader(
        'Link',
        `</api/jobs?status=unscheduled&after=${rows.at(-1)!.id}&limit=${limit}>; rel="next"`,
      );
    res.json(rows);
  });
  router.post('/api/jobs/:id/status', (req, res) => {
    const id = routeId(req.params);
    const { status } = parseWith(jobStatusChangeSchema, req.body ?? {});
    res.json(service.advanceJob(id, status, actor(res)));
  });
  return router;
}
