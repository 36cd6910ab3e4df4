import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newForMeSchema, type NewForMe, type SeenList } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';

export const NEW_FOR_ME_KEY = ['me-new'] as const;

export const newForMeQuery = (api: ApiClient) =>
  queryOptions({ queryKey: NEW_FOR_ME_KEY, queryFn: () => api.get('/api/me/new', newForMeSchema) });

/** The sidebar's counts of what is new for me; they follow the event stream. */
export const useNewForMe = (): NewForMe | undefined => useQuery(newForMeQuery(useApi())).data;

/** Opening a list marks it seen for me: its sidebar count goes back to zero. */
export function useSeenOnOpen(list: SeenList) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => api.send('PUT', `/api/me/seen/${list}`, undefined, newForMeSchema),
    onSuccess: (counts) => queryClient.setQueryData(NEW_FOR_ME_KEY, counts),
  });
  useEffect(() => mutate(), [mutate]);
}
