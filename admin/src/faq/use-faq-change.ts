import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-client.ts';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
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
 * the spec's toast; on failure its fixed text, with no server detail (spec 8).
 */
export function useFaqChange<Input>(
  kind: keyof typeof FAQ_TOASTS,
  change: (api: ApiClient, input: Input) => Promise<unknown>,
  onDone?: () => void,
) {
  return useChange({
    change,
    success: FAQ_TOASTS[kind].success,
    refetch: [faqQueries.all],
    onDone,
    onError: (error) => {
      if (Object.keys(refusedFields(error)).length > 0) return;
      showFailureToast(FAQ_TOASTS[kind].failure, error);
    },
  });
}
