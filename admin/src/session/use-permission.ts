import { useQuery } from '@tanstack/react-query';
import { notPermittedMessage, roleCan, type Permission } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { sessionQueries } from './session.queries.ts';

export interface PermissionState {
  /** Whether the signed-in person's role has the permission (the contract's matrix). */
  allowed: boolean;
  /** The server's own words for refusing it: "Only the owner can …". */
  reason: string;
}

/**
 * What the signed-in person may change, from the same matrix the server enforces, so a control
 * their role cannot use is not offered (the server would answer 403 anyway).
 */
export function usePermission(permission: Permission): PermissionState {
  const api = useApi();
  const session = useQuery(sessionQueries.current(api));
  const role = session.data?.user.role;
  return {
    allowed: role !== undefined && roleCan(role, permission),
    reason: notPermittedMessage(permission),
  };
}
