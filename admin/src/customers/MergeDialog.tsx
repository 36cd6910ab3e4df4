import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  NonIdealState,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerSummary } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { useDebounced } from '../appointments/use-debounced.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import {
  customerLabel,
  customerQueries,
  customersKey,
  holdingsOf,
  mergeCustomers,
} from './customers.queries.ts';

interface MergeDialogProps {
  customer: CustomerSummary;
  isOpen: boolean;
  onClose: () => void;
}

/** "Merge…": another record of the same person is folded into this one, after a confirmation. */
export function MergeDialog({ customer, isOpen, onClose }: MergeDialogProps) {
  const api = useApi();
  const [q, setQ] = useState('');
  const [otherId, setOtherId] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const settled = useDebounced(q);
  const found = useQuery(customerQueries.search(api, settled));
  const others = (found.data?.items ?? []).filter((c) => c.id !== customer.id);
  const other = others.find((c) => c.id === otherId);
  const merge = useChange({
    change: (a, id: number) => mergeCustomers(a, customer.id, id),
    success: 'Records merged',
    refetch: [customersKey, leadsKey],
    onDone: onClose,
    onError: setProblem,
  });
  return (
    <Dialog
      title={`Merge another record into ${customerLabel(customer)}`}
      icon="merge-columns"
      isOpen={isOpen}
      onClose={onClose}
    >
      <DialogBody>
        <p>Find the other record of this person by name, phone, e-mail or address.</p>
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label="Find the other record"
          placeholder="Name, phone, e-mail or address"
          value={q}
          onValueChange={(v) => {
            setQ(v);
            setOtherId(null);
          }}
        />
        {settled.trim() && found.isSuccess && others.length === 0 && (
          <NonIdealState icon="search" title="No other record matches" />
        )}
        {others.length > 0 && (
          <ul className="customer-merge__choices" aria-label="Records found">
            {others.map((c) => (
              <li key={c.id}>
                <Button
                  fill
                  alignText="start"
                  icon={c.id === otherId ? 'tick-circle' : 'circle'}
                  active={c.id === otherId}
                  aria-pressed={c.id === otherId}
                  text={`${customerLabel(c)} — ${[c.phone, c.email, c.address, holdingsOf(c)].filter(Boolean).join(' · ')}`}
                  onClick={() => setOtherId(c.id)}
                />
              </li>
            ))}
          </ul>
        )}
        {other && (
          <Callout intent={Intent.WARNING} icon="warning-sign">
            Everything of {customerLabel(other)} ({holdingsOf(other) || 'nothing yet'}) moves to{' '}
            {customerLabel(customer)}, and that record is removed. This cannot be undone.
          </Callout>
        )}
        {problem !== null && (
          <Callout intent={Intent.DANGER} role="alert">
            {problemMessage(problem)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.DANGER}
              text="Merge records"
              disabled={!other}
              loading={merge.isPending}
              onClick={() => other && merge.mutate(other.id)}
            />
          </>
        }
      />
    </Dialog>
  );
}
