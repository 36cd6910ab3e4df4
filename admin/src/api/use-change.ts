import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showSuccessToast } from '../toaster.ts';
import type { ApiClient } from './api-client.ts';
import { useApi } from './api-context.tsx';

interface ChangeOptions<Input> {
  change: (api: ApiClient, input: Input) => Promise<unknown>;
  /** The spec's success toast. */
  success: string | ((input: Input) => string);
  /** Every list the change touches; each is fetched again after it (spec 7). */
  refetch: readonly QueryKey[];
  /** Runs once it worked, before the lists are fetched again (e.g. closing the dialog). */
  onDone?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * One change staff make. On success they see the spec's toast and every list it touches is
 * fetched again; failures are left to the caller, which knows whether they belong under a field
 * or in a toast.
 */
export function useChange<Input>({ change, success, refetch, onDone, onError }: ChangeOptions<Input>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(api, input),
    onSuccess: (_result, input) => {
      showSuccessToast(typeof success === 'string' ? success : success(input));
      onDone?.();
      return Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError,
  });
}
