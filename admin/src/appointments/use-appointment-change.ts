import { Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { appointmentQueries } from './appointments.queries.ts';

/**
 * A change to appointments. On success every appointment list and the Scheduling tiles are
 * fetched again (spec 7: after every change the matching list is re-fetched) and staff see the
 * success toast; failures are left to the caller, which knows whether they belong under a field.
 */
export function useAppointmentChange<Input>(
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
      return queryClient.invalidateQueries({ queryKey: appointmentQueries.all });
    },
  });
}

/** Spec 8: failures show a destructive toast with no server detail. */
export const showFailureToast = (message: string) =>
  showToast({ intent: Intent.DANGER, icon: 'error', message });
