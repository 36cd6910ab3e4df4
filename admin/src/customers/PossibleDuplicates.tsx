import { Button, Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_BASE,
  customerPagePath,
  type CustomerSummary,
  type PossibleDuplicate,
} from '@washdesk/contract';
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import {
  customerLabel,
  customerQueries,
  customersKey,
  dismissDuplicate,
  holdingsOf,
  mergeCustomers,
} from './customers.queries.ts';

/**
 * "Possibly the same as …": records the matching kept apart although a detail is shared (a family's
 * landline, a new number of a known name). Staff settle each with one click: merge it into this
 * record, or say they are different people.
 */
export function PossibleDuplicates({ customer }: { customer: CustomerSummary }) {
  const api = useApi();
  const found = useQuery(customerQueries.possibleDuplicates(api, customer.id));
  const merge = useChange({
    change: (a, otherId: number) => mergeCustomers(a, customer.id, otherId),
    success: 'Records merged',
    refetch: [customersKey, leadsKey],
    onError: (error) => showFailureToast(problemMessage(error), error),
  });
  const dismiss = useChange({
    change: (a, otherId: number) => dismissDuplicate(a, customer.id, otherId),
    success: 'Marked as different people',
    refetch: [customersKey],
    onError: (error) => showFailureToast(problemMessage(error), error),
  });
  if (!found.data?.length) return null;
  return (
    <section aria-label="Possibly the same person" className="customer-duplicates">
      {found.data.map((d) => (
        <Suggestion
          key={d.customer.id}
          duplicate={d}
          busy={merge.isPending || dismiss.isPending}
          onMerge={() => merge.mutate(d.customer.id)}
          onDismiss={() => dismiss.mutate(d.customer.id)}
        />
      ))}
    </section>
  );
}

interface SuggestionProps {
  duplicate: PossibleDuplicate;
  busy: boolean;
  onMerge: () => void;
  onDismiss: () => void;
}

function Suggestion({ duplicate: { customer: other, reason }, busy, onMerge, onDismiss }: SuggestionProps) {
  const name = customerLabel(other);
  return (
    <Callout intent={Intent.WARNING} icon="people" aria-label={`Possibly the same as ${name}`}>
      <p>
        Possibly the same as <Link to={customerPagePath(other.id).slice(ADMIN_BASE.length)}>{name}</Link> —{' '}
        {reason}
        {holdingsOf(other) && ` (${holdingsOf(other)})`}
      </p>
      <div className="customer-duplicates__actions">
        <Button
          intent={Intent.PRIMARY}
          icon="merge-columns"
          text={`Merge ${name} into this record`}
          disabled={busy}
          onClick={onMerge}
        />
        <Button text="Not the same person" disabled={busy} onClick={onDismiss} />
      </div>
    </Callout>
  );
}
