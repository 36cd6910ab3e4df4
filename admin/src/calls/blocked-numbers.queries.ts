import { queryOptions } from '@tanstack/react-query';
import { blockedNumberSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { callQueries } from './calls.queries.ts';

export const blockedNumberQueries = {
  all: ['blocked-numbers'] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: ['blocked-numbers'],
      queryFn: () => api.get('/api/blocked-numbers', blockedNumberSchema.array()),
    }),
};

/** What a block or unblock makes stale: the list, and every call's "number blocked". */
export const BLOCKING_REFETCH = [blockedNumberQueries.all, callQueries.all] as const;

export const blockNumber = (api: ApiClient, phoneNumber: string) =>
  api.send('POST', '/api/blocked-numbers', { phoneNumber }, blockedNumberSchema);

/** `digits`: the digits of the number's key (phoneSearchDigitsOf), the one key the server knows it by. */
export const unblockNumber = (api: ApiClient, digits: string) =>
  api.send('DELETE', `/api/blocked-numbers/${digits}`, undefined, { parse: () => undefined });
