import type { ApiClient } from '../api/api-client.ts';
import { useChange } from '../api/use-change.ts';
import { userQueries } from './users.queries.ts';

/**
 * A change to staff accounts: on success the list is fetched again (the server decides what a
 * change did, e.g. a disabled account's sign-out) and the owner sees what happened.
 */
export const useStaffChange = <Input>(
  change: (api: ApiClient, input: Input) => Promise<unknown>,
  success: (input: Input) => string,
  onDone?: () => void,
) => useChange({ change, success, refetch: [userQueries.all], onDone });
