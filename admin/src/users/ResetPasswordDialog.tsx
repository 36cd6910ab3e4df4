import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { User } from '@washdesk/contract';
import { fieldProblems } from '../api/problem-message.ts';
import { showProblemToast } from '../toaster.ts';
import { resetStaffPassword } from './users.queries.ts';
import { useStaffChange } from './use-staff-change.ts';

interface ResetPasswordDialogProps {
  staffMember: User;
  isOpen: boolean;
  onClose: () => void;
}

export function ResetPasswordDialog({ staffMember, isOpen, onClose }: ResetPasswordDialogProps) {
  return (
    <Dialog title={`Reset password of ${staffMember.name}`} icon="key" isOpen={isOpen} onClose={onClose}>
      {/* Mounted only while open: a typed password never lingers in a closed dialog. */}
      {isOpen && <ResetPasswordForm staffMember={staffMember} onClose={onClose} />}
    </Dialog>
  );
}

function ResetPasswordForm({ staffMember, onClose }: { staffMember: User; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const reset = useStaffChange(
    (api, newPassword: string) => resetStaffPassword(api, staffMember.id, newPassword),
    () => 'Password reset',
    onClose,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server holds the password rules; its message (e.g. the minimum length) goes under the field.
    reset.mutate(password, {
      onError: (error) => {
        const fromServer = fieldProblems(error).password;
        if (fromServer) setProblem(fromServer);
        else showProblemToast(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <p>
          {staffMember.name} is signed out everywhere, their calendar links stop working, and they sign in
          with the new password from now on.
        </p>
        <FormGroup
          label="New password"
          labelFor="reset-password"
          intent={problem ? Intent.DANGER : Intent.NONE}
          helperText={problem}
        >
          <InputGroup
            id="reset-password"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              setProblem(undefined);
            }}
            intent={problem ? Intent.DANGER : Intent.NONE}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text="Reset password" loading={reset.isPending} />
          </>
        }
      />
    </form>
  );
}
