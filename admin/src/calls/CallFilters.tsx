import { SegmentedControl } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { CallCounts } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { CALL_FILTERS, callQueries, type CallFilter } from './calls.queries.ts';

const LABELS: Record<CallFilter, string> = {
  all: 'All',
  missed: 'Missed',
  callback: 'Callback requested',
};
const COUNTED: Record<CallFilter, keyof CallCounts> = {
  all: 'all',
  missed: 'missed',
  callback: 'callbackRequested',
};
const figure = new Intl.NumberFormat('en-US');

interface CallFiltersProps {
  value: CallFilter;
  onChange: (filter: CallFilter) => void;
}

/** All / Missed / Callback requested, each with the server's count (none shown until it is known). */
export function CallFilters({ value, onChange }: CallFiltersProps) {
  const api = useApi();
  const counts = useQuery(callQueries.counts(api)).data;
  return (
    <SegmentedControl
      className="call-filters"
      aria-label="Show calls"
      role="radiogroup"
      value={value}
      onValueChange={(next) => onChange(next as CallFilter)}
      options={CALL_FILTERS.map((filter) => ({
        value: filter,
        label: counts ? `${LABELS[filter]} (${figure.format(counts[COUNTED[filter]])})` : LABELS[filter],
      }))}
    />
  );
}
