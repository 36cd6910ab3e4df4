import { queryOptions } from '@tanstack/react-query';
import { assistantStatusSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const assistantQueries = {
  status: (api: ApiClient) =>
    queryOptions({
      queryKey: ['assistant', 'status'],
      queryFn: () => api.get('/api/assistant/status', assistantStatusSchema),
      // Not polled (spec 9); asked again when staff change page after a minute, so switching the
      // last FAQ entry off shows up without a reload.
      staleTime: 60_000,
    }),
};
