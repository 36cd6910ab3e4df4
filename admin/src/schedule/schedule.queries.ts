import { queryOptions } from '@tanstack/react-query';
import {
  appointmentSchema,
  boardVisitSchema,
  crewSchema,
  jobSchema,
  visitMovedSchema,
  type CrewCreate,
  type CrewUpdate,
  type JobStatus,
  type VisitMove,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

// The board's queries. A visit moved, a job's step or a crew changed anywhere makes them stale
// through the live events (live-invalidation.ts), so every open board redraws.

const scheduleKey = ['schedule'] as const;
const crewsKey = ['crews'] as const;

export const scheduleQueries = {
  all: scheduleKey,
  range: (api: ApiClient, from: string, to: string) =>
    queryOptions({
      queryKey: [...scheduleKey, 'range', from, to],
      queryFn: () => api.get(`/api/schedule?from=${from}&to=${to}`, boardVisitSchema.array()),
    }),
  /** The first page of the tray (the oldest jobs first); the rest are counted. */
  tray: (api: ApiClient) =>
    queryOptions({
      queryKey: [...scheduleKey, 'tray'],
      queryFn: () => api.getPage('/api/jobs?status=unscheduled&limit=50', jobSchema.array()),
    }),
};

export const crewQueries = {
  all: crewsKey,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...crewsKey, 'list'],
      queryFn: () => api.get('/api/crews', crewSchema.array()),
    }),
};

export const moveVisit = (api: ApiClient, id: number, to: VisitMove) =>
  api.send('POST', `/api/schedule/visits/${id}/move`, to, visitMovedSchema);

export const bookJobVisit = (api: ApiClient, jobId: number, to: VisitMove) =>
  api.send('POST', `/api/schedule/jobs/${jobId}/visit`, to, appointmentSchema);

export const advanceJob = (api: ApiClient, jobId: number, status: JobStatus) =>
  api.send('POST', `/api/jobs/${jobId}/status`, { status }, jobSchema);

export const addCrew = (api: ApiClient, crew: CrewCreate) => api.send('POST', '/api/crews', crew, crewSchema);

export const changeCrew = (api: ApiClient, id: number, change: CrewUpdate) =>
  api.send('PATCH', `/api/crews/${id}`, change, crewSchema);
