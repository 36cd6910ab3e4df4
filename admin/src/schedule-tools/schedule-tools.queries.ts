import { queryOptions } from '@tanstack/react-query';
import {
  type Crew,
  dayRouteSchema,
  placePinnedSchema,
  rainDayAppliedSchema,
  rainDayPlanSchema,
  rainDayUndoneSchema,
  routeAppliedSchema,
  type RainDayRequest,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { crewQueries } from '../schedule/schedule.queries.ts';

const scheduleToolsKey = ['schedule-tools'] as const;

export const scheduleToolsQueries = {
  all: scheduleToolsKey,
  /** The crews a route or a rain day can be about: the board's crews list, retired ones left out. */
  crews: (api: ApiClient) =>
    queryOptions({
      ...crewQueries.list(api),
      select: (crews: Crew[]) => crews.filter((crew) => crew.active),
    }),
  route: (api: ApiClient, date: string, crewId: number) =>
    queryOptions({
      queryKey: [...scheduleToolsKey, 'route', date, crewId],
      queryFn: () =>
        api.get(
          `/api/schedule/route?${new URLSearchParams({ date, crewId: String(crewId) })}`,
          dayRouteSchema,
        ),
    }),
  /** The preview is a read in all but method: it changes nothing, so it is cached like one. */
  rainDayPreview: (api: ApiClient, request: RainDayRequest) =>
    queryOptions({
      queryKey: [...scheduleToolsKey, 'rain-day', request],
      queryFn: () => api.send('POST', '/api/schedule/rain-day/preview', request, rainDayPlanSchema),
    }),
};

export const applyRoute = (api: ApiClient, date: string, crewId: number) =>
  api.send('POST', '/api/schedule/route/apply', { date, crewId }, routeAppliedSchema);

export const pinVisit = (api: ApiClient, visitId: number, point: { latitude: number; longitude: number }) =>
  api.send('PUT', `/api/schedule/visits/${visitId}/place`, point, placePinnedSchema);

export const sendRainDay = (api: ApiClient, request: RainDayRequest) =>
  api.send('POST', '/api/schedule/rain-day', request, rainDayAppliedSchema);

export const undoRainDay = (api: ApiClient, undoId: string, date: string) =>
  api.send('POST', `/api/schedule/rain-day/${undoId}/undo`, { date }, rainDayUndoneSchema);
