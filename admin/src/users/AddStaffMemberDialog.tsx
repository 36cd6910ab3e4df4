import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { PASSWORD_MIN_LENGTH, userCreateSchema, type UserCreate, type UserRole } from '@washdesk/contract';
import { fieldProblems } from '../api/problem-message.ts';
import { showProblemToast } from '../toaster.ts';
import { addStaffMember } from './users.queries.ts';
import { useStaffChange } from './use-staff-change.ts';

type Field = keyof UserCreate;
type Problems = Partial<Record<Field, string>>;

const ROLE_OPTIONS: { value: UserRole; label: string }[] = [
  { value: 'staff', label: 'Staff' },
  { value: 'owner', label: 'Owner' },
];

interface AddStaffMemberDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

export function AddStaffMemberDialog({ isOpen, onClose }: AddStaffMemberDialogProps) {
  return (
    <Dialog title="Add staff member" icon="new-person" isOpen={isOpen} onClose={onClose}>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {isOpen && <AddStaffMemberForm onClose={onClose} />}
    </Dialog>
  );
}

function AddStaffMemberForm({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<Required<UserCreate>>({
    name: '',
    email: '',
    role: 'staff',
    password: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const add = useStaffChange(addStaffMember, () => 'Staff member added', onClose);

  const edit = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // The message was about the old value; keeping it while they fix it would only nag.
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own schema, so the form says exactly what the server would.
    const parsed = userCreateSchema.safeParse(form);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setProblems(found);
      return;
    }
    add.mutate(parsed.data, {
      onError: (error) => {
        const fromServer = fieldProblems(error);
        if (Object.keys(fromServer).length > 0) setProblems(fromServer);
        else showProblemToast(error);
      },
    });
  };

  const fieldProps = (field: Field) => ({
    intent: problems[field] ? Intent.DANGER : Intent.NONE,
    helperText: problems[field],
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <FormGroup label="Name" labelFor="staff-member-name" {...fieldProps('name')}>
          <InputGroup
            id="staff-member-name"
            autoFocus
            value={form.name}
            onValueChange={edit('name')}
            intent={fieldProps('name').intent}
          />
        </FormGroup>
        <FormGroup label="E-mail" labelFor="staff-member-email" {...fieldProps('email')}>
          <InputGroup
            id="staff-member-email"
            type="email"
            autoComplete="off"
            value={form.email}
            onValueChange={edit('email')}
            intent={fieldProps('email').intent}
          />
        </FormGroup>
        <FormGroup label="Role" labelFor="staff-member-role" {...fieldProps('role')}>
          <HTMLSelect
            id="staff-member-role"
            options={ROLE_OPTIONS}
            value={form.role}
            onChange={(event) => edit('role')(event.currentTarget.value)}
            fill
          />
        </FormGroup>
        <FormGroup
          label="Initial password"
          labelFor="staff-member-password"
          intent={fieldProps('password').intent}
          helperText={
            problems.password ?? `At least ${PASSWORD_MIN_LENGTH} characters. Give it to them in person.`
          }
        >
          <InputGroup
            id="staff-member-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onValueChange={edit('password')}
            intent={fieldProps('password').intent}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text="Add" loading={add.isPending} />
          </>
        }
      />
    </form>
  );
}
