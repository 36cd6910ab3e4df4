import type { ApiClient } from '../api/api-client.ts';
import { useChange } from '../api/use-change.ts';
import { appointmentQueries } from './appointments.queries.ts';

/** A change to appointments: every appointment list and the Scheduling tiles are fetched again. */
export const useAppointmentChange = <Input>(
  change: (api: ApiClient, input: Input) => Promise<unknown>,
  success: (input: Input) => string,
  onDone?: () => void,
) => useChange({ change, success, refetch: [appointmentQueries.all], onDone });
