import { queryOptions } from '@tanstack/react-query';
import { appointmentSchema, callCountsSchema, callSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';

const callsKey = ['calls'] as const;

/** The spec's call log page (its "limit=50"); the server allows up to 200. */
export const CALLS_PAGE_SIZE = 50;

/** Call Logs' filters: every call, the missed ones, the callers owed a call back. */
export const CALL_FILTERS = ['all', 'missed', 'callback'] as const;
export type CallFilter = (typeof CALL_FILTERS)[number];

const FILTER_QUERY: Record<CallFilter, string> = {
  all: '',
  missed: '&status=missed',
  callback: '&callbackRequested=true',
};

/** The whole call log as CSV, streamed by the server (GET, so the session cookie suffices). */
export const callLogExportUrl = (api: ApiClient) => `${api.baseUrl}/api/calls/export.csv`;

export const callQueries = {
  all: callsKey,
  /**
   * One page of a filter's log, newest first. While paging, the previous page stays on screen;
   * another filter shows placeholders instead, so "Missed" never shows the other calls meanwhile.
   */
  page: (api: ApiClient, filter: CallFilter, page: number) =>
    queryOptions({
      queryKey: [...callsKey, 'page', filter, page],
      queryFn: () =>
        api.getPage(
          `/api/calls?limit=${CALLS_PAGE_SIZE}&offset=${page * CALLS_PAGE_SIZE}${FILTER_QUERY[filter]}`,
          callSchema.array(),
        ),
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[2] === filter ? previous : undefined,
    }),
  /** How many calls each filter holds, counted by the server over the whole log. */
  counts: (api: ApiClient) =>
    queryOptions({
      queryKey: [...callsKey, 'counts'],
      queryFn: () => api.get('/api/calls/counts', callCountsSchema),
    }),
  one: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...callsKey, 'one', id],
      queryFn: () => api.get(`/api/calls/${id}`, callSchema),
    }),
  /** The free estimate a call booked; under the appointments' key, so their changes refresh it. */
  bookedAppointment: (api: ApiClient, appointmentId: number) =>
    queryOptions({
      queryKey: [...appointmentQueries.all, 'one', appointmentId],
      queryFn: () => api.get(`/api/appointments/${appointmentId}`, appointmentSchema),
    }),
};
