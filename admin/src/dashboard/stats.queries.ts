import { queryOptions } from '@tanstack/react-query';
import { statsSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const statsQueries = {
  dashboard: (api: ApiClient) =>
    queryOptions({
      queryKey: ['stats'],
      queryFn: () => api.get('/api/stats', statsSchema),
    }),
};
