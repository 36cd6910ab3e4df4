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

/** Which count of the sidebar each list's screen clears. */
const COUNT_OF_LIST: Record<SeenList, keyof NewForMe> = {
  leads: 'newLeads',
  calls: 'missedCalls',
  messages: 'unreadMessages',
  texts: 'unreadTexts',
  visits: 'changedVisits',
};

/**
 * Opening a list marks it seen for me: its sidebar count goes back to zero. `opened` is what is
 * open inside the screen (a conversation): opening another marks the list seen again. What arrives
 * while the screen is open and the window is in front shows on it, so it is seen too: the count
 * clears live rather than growing under the staff member's eyes.
 */
export function useSeenOnOpen(list: SeenList, opened?: unknown) {
  const api = useApi();
  const queryClient = useQueryClient();
  const unseen = (useNewForMe()?.[COUNT_OF_LIST[list]] ?? 0) > 0;
  const { mutate } = useMutation({
    mutationFn: () => api.send('PUT', `/api/me/seen/${list}`, undefined, newForMeSchema),
    onSuccess: (counts) => queryClient.setQueryData(NEW_FOR_ME_KEY, counts),
  });
  useEffect(() => mutate(), [mutate, opened]);
  useEffect(() => {
    if (unseen && document.visibilityState === 'visible') mutate();
  }, [unseen, mutate]);
}
