import { Callout, Intent } from '@blueprintjs/core';
import type { Permission } from '@washdesk/contract';
import { usePermission } from './use-permission.ts';
import './not-permitted.css';

/**
 * Said where a control is not offered to the signed-in role ("Only the owner can …"), so the
 * missing Edit button or the greyed switches are explained rather than looking broken.
 */
export function NotPermittedNotice({ permission }: { permission: Permission }) {
  const { allowed, reason } = usePermission(permission);
  if (allowed) return null;
  return (
    <Callout intent={Intent.PRIMARY} icon="lock" className="not-permitted-notice" role="note">
      {reason}
    </Callout>
  );
}
