import { queryOptions } from '@tanstack/react-query';
import { publicProfileSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const profileQueries = {
  /** The business's name and contacts, as configured on the server. */
  publicProfile: (api: ApiClient) =>
    queryOptions({
      queryKey: ['profile', 'public'],
      queryFn: () => api.get('/api/public/profile', publicProfileSchema),
    }),
};
