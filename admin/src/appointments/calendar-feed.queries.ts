import { queryOptions } from '@tanstack/react-query';
import { calendarFeedCreatedSchema, calendarFeedSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const feedsKey = ['calendar-feeds'] as const;

export const calendarFeedQueries = {
  all: feedsKey,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: feedsKey,
      queryFn: () => api.get('/api/calendar-feeds', calendarFeedSchema.array()),
    }),
};

export const createCalendarFeed = (api: ApiClient) =>
  api.send('POST', '/api/calendar-feeds', undefined, calendarFeedCreatedSchema);

// A revoke answers 204 with no body.
const nothing = { parse: () => undefined };

export const revokeCalendarFeed = (api: ApiClient, id: number) =>
  api.send('DELETE', `/api/calendar-feeds/${id}`, undefined, nothing);
