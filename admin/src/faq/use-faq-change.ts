import { Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { faqQueries } from './faq.queries.ts';

/** The spec's toasts for each change (section 8). */
export const FAQ_TOASTS = {
  create: { success: 'FAQ entry created successfully', failure: 'Failed to create FAQ entry' },
  update: { success: 'FAQ entry updated successfully', failure: 'Failed to update FAQ entry' },
  delete: { success: 'FAQ entry deleted successfully', failure: 'Failed to delete FAQ entry' },
} as const;

/** A refusal that names fields belongs under those fields, not in a toast. */
export const refusedFields = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? (error.body?.fields ?? {}) : {};

/**
 * One change to the knowledge base: on success the list is fetched again (spec 7) and staff see
 * the spec's toast; on failure its fixed text, with no server detail (spec 8). A 401 says nothing
 * here: the sign-in screen has already taken over and says why.
 */
export function useFaqChange<Input>(
  kind: keyof typeof FAQ_TOASTS,
  change: (api: ApiClient, input: Input) => Promise<unknown>,
  onDone?: () => void,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(api, input),
    onSuccess: () => {
      showToast({ intent: Intent.SUCCESS, icon: 'tick', message: FAQ_TOASTS[kind].success });
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: faqQueries.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      if (Object.keys(refusedFields(error)).length > 0) return;
      showToast({ intent: Intent.DANGER, icon: 'error', message: FAQ_TOASTS[kind].failure });
    },
  });
}
