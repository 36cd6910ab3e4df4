import { useState } from 'react';
import { Alert, Button, ButtonGroup, ButtonVariant, Classes, Intent, Size, Tag } from '@blueprintjs/core';
import type { User, UserRole } from '@washdesk/contract';
import { showProblemToast } from '../toaster.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { changeStaffMember } from './users.queries.ts';
import { useStaffChange } from './use-staff-change.ts';

const ROLE_LABELS: Record<UserRole, string> = { owner: 'Owner', staff: 'Staff' };

const signInTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface StaffMemberRowProps {
  staffMember: User;
  /** The owner's own row offers no actions: disabling or resetting yourself signs you out. */
  isSignedIn: boolean;
}

export function StaffMemberRow({ staffMember, isSignedIn }: StaffMemberRowProps) {
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [resettingPassword, setResettingPassword] = useState(false);
  const setDisabled = useStaffChange(
    (api, disabled: boolean) => changeStaffMember(api, staffMember.id, { disabled }),
    (disabled) => (disabled ? 'Staff member disabled' : 'Staff member enabled'),
    () => setConfirmingDisable(false),
  );
  const changeDisabled = (disabled: boolean) =>
    setDisabled.mutate(disabled, {
      onError: (error) => {
        setConfirmingDisable(false);
        showProblemToast(error);
      },
    });

  return (
    <tr>
      <td>
        {staffMember.name}
        {isSignedIn && (
          <Tag minimal round className="staff-accounts__you">
            You
          </Tag>
        )}
      </td>
      <td>{staffMember.email}</td>
      <td>{ROLE_LABELS[staffMember.role]}</td>
      <td>
        <Tag minimal intent={staffMember.disabled ? Intent.NONE : Intent.SUCCESS}>
          {staffMember.disabled ? 'Disabled' : 'Active'}
        </Tag>
      </td>
      <td>
        {staffMember.lastLoginAt ? (
          <time dateTime={staffMember.lastLoginAt}>
            {signInTime.format(new Date(staffMember.lastLoginAt))}
          </time>
        ) : (
          <span className={Classes.TEXT_MUTED}>Never</span>
        )}
      </td>
      <td>
        {!isSignedIn && (
          // Reset first: its fixed width keeps the buttons of every row in line.
          <ButtonGroup variant={ButtonVariant.MINIMAL} size={Size.SMALL}>
            <Button icon="key" text="Reset password" onClick={() => setResettingPassword(true)} />
            {staffMember.disabled ? (
              <Button
                icon="unlock"
                text="Enable"
                loading={setDisabled.isPending}
                onClick={() => changeDisabled(false)}
              />
            ) : (
              <Button
                icon="disable"
                text="Disable"
                intent={Intent.DANGER}
                onClick={() => setConfirmingDisable(true)}
              />
            )}
          </ButtonGroup>
        )}
        <Alert
          isOpen={confirmingDisable}
          intent={Intent.DANGER}
          icon="disable"
          confirmButtonText="Disable"
          cancelButtonText="Cancel"
          loading={setDisabled.isPending}
          onConfirm={() => changeDisabled(true)}
          onCancel={() => setConfirmingDisable(false)}
        >
          <p>
            Disable {staffMember.name}? They are signed out at once and their calendar links stop working.
          </p>
        </Alert>
        <ResetPasswordDialog
          staffMember={staffMember}
          isOpen={resettingPassword}
          onClose={() => setResettingPassword(false)}
        />
      </td>
    </tr>
  );
}
