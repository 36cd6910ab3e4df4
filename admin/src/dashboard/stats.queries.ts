import { queryOptions } from '@tanstack/react-query';
import { healthSchema, quotePerformanceSchema, statsSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const statsKey = ['stats'] as const;

export const statsQueries = {
  /** Every figure derived from submissions, quotes and appointments; invalidated after a change. */
  all: statsKey,
  dashboard: (api: ApiClient) =>
    queryOptions({
      queryKey: statsKey,
      queryFn: () => api.get('/api/stats', statsSchema),
    }),
  quotePerformance: (api: ApiClient) =>
    queryOptions({
      queryKey: [...statsKey, 'quote-performance'],
      queryFn: () => api.get('/api/stats/quote-performance', quotePerformanceSchema),
    }),
  /** The server's own health check, for the dashboard's System Status. */
  health: (api: ApiClient) =>
    queryOptions({
      queryKey: ['health'],
      queryFn: () => api.get('/api/health', healthSchema),
    }),
};
