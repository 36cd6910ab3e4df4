import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const callsKey = ['calls'] as const;

/** The spec's call log page (its "limit=50"); the server allows up to 200. */
export const CALLS_PAGE_SIZE = 50;

/** The whole call log as CSV, streamed by the server (GET, so the session cookie suffices). */
export const callLogExportUrl = (api: ApiClient) => `${api.baseUrl}/api/calls/export.csv`;

export const callQueries = {
  all: callsKey,
  /** One page of the log, newest first; the previous page stays on screen while the next loads. */
  page: (api: ApiClient, page: number) =>
    queryOptions({
      queryKey: [...callsKey, 'page', page],
      queryFn: () =>
        api.getPage(
          `/api/calls?limit=${CALLS_PAGE_SIZE}&offset=${page * CALLS_PAGE_SIZE}`,
          callSchema.array(),
        ),
      placeholderData: keepPreviousData,
    }),
};
