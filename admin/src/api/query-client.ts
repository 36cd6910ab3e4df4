import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { endSessionOnUnauthorized } from '../session/session.queries.ts';

/**
 * The spec's data rules (section 9): results never go stale, no refetch on window focus, no
 * retries for reads or changes. Lists are refreshed by invalidation after a change instead.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOnUnauthorized(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOnUnauthorized(queryClient, error) }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
