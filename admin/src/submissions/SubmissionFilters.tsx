import { useEffect, useRef, useState } from 'react';
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@washdesk/contract';
import { useDebounced } from '../appointments/use-debounced.ts';
import type { SubmissionFilter } from './submission.queries.ts';

const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })),
];

interface SubmissionFiltersProps {
  filter: SubmissionFilter;
  /** Changes the named parts of the filter and keeps the rest. */
  onChange: (change: SubmissionFilter) => void;
}

/** Search box and status filter; both live in the address (see PhotoSubmissionsScreen). */
export function SubmissionFilters({ filter, onChange }: SubmissionFiltersProps) {
  // The box shows each keystroke; the list (and the address) follow once typing pauses.
  const [typed, setTyped] = useState(filter.q ?? '');
  const settled = useDebounced(typed.trim());
  // When the search in the address changes without typing ("Show all submissions", Back), the
  // box follows it, so it never shows a search the list is not filtered by.
  const current = filter.q ?? '';
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    if (current !== settled) setTyped(current);
  }
  // Only a change of what was typed moves the list.
  const sent = useRef(settled);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onChange({ q: settled || undefined });
  }, [settled, onChange]);
  return (
    <div className="submission-filters">
      <InputGroup
        className="submission-filters__search"
        type="search"
        leftIcon="search"
        aria-label="Search photo submissions"
        placeholder="Search by name, phone, e-mail or address"
        value={typed}
        onValueChange={setTyped}
      />
      <HTMLSelect
        aria-label="Status"
        options={STATUS_CHOICES}
        value={filter.status ?? ''}
        onChange={(event) =>
          onChange({ status: (event.target.value || undefined) as SubmissionStatus | undefined })
        }
      />
    </div>
  );
}
