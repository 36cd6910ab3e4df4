import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import type { CustomerSummary } from '@washdesk/contract';
import { fieldProblems, problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import { customersKey, updateCustomer } from './customers.queries.ts';

const FIELDS = [
  ['name', 'Name'],
  ['phone', 'Phone'],
  ['email', 'E-mail'],
  ['address', 'Address'],
] as const;
type Field = (typeof FIELDS)[number][0];

interface EditContactDialogProps {
  customer: CustomerSummary;
  isOpen: boolean;
  onClose: () => void;
}

/** "Edit contact": the record's name, phone, e-mail and address, checked by the server. */
export function EditContactDialog({ customer, isOpen, onClose }: EditContactDialogProps) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: customer.name ?? '',
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    address: customer.address ?? '',
  }));
  const [problem, setProblem] = useState<unknown>(null);
  const save = useChange({
    change: (api, contact: Record<Field, string>) => updateCustomer(api, customer.id, contact),
    success: 'Contact details saved',
    refetch: [customersKey, leadsKey],
    onDone: onClose,
    onError: setProblem,
  });
  const fields = fieldProblems(problem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(values);
  };
  return (
    <Dialog title="Edit contact" icon="edit" isOpen={isOpen} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {problem !== null && Object.keys(fields).length === 0 && (
            <Callout intent={Intent.DANGER} role="alert">
              {problemMessage(problem)}
            </Callout>
          )}
          {FIELDS.map(([field, label]) => (
            <FormGroup
              key={field}
              label={label}
              labelFor={`customer-${field}`}
              intent={fields[field] ? Intent.DANGER : Intent.NONE}
              helperText={fields[field]}
            >
              <InputGroup
                id={`customer-${field}`}
                value={values[field]}
                intent={fields[field] ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
              />
            </FormGroup>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="Save contact" loading={save.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
