import { Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { userQueries } from './users.queries.ts';

/**
 * A change to staff accounts: on success the list is fetched again (the server decides what a
 * change did, e.g. a disabled account's sign-out) and the owner sees what happened. Failures are
 * left to the caller, which knows whether they belong under a field or in a toast.
 */
export function useStaffChange<Input>(
  change: (api: ApiClient, input: Input) => Promise<unknown>,
  success: (input: Input) => string,
  onDone?: () => void,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(api, input),
    onSuccess: (_result, input) => {
      showToast({ intent: Intent.SUCCESS, icon: 'tick', message: success(input) });
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: userQueries.all });
    },
  });
}
