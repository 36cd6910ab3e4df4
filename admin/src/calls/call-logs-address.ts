import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CALL_FILTERS, type CallFilter } from './calls.queries.ts';

/** A positive whole number from the address, or null ("?call=abc" opens nothing). */
const idFrom = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

/**
 * What Call Logs shows lives in the address (`?filter=missed&page=3&call=42`): Back, a reload and
 * a link from elsewhere (an appointment's "View the call") all land on the same view.
 */
export function useCallLogsAddress() {
  const [params, setParams] = useSearchParams();
  const named = params.get('filter');
  const filter: CallFilter = CALL_FILTERS.includes(named as CallFilter) ? (named as CallFilter) : 'all';
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const callId = idFrom(params.get('call'));

  const change = useCallback(
    (edit: (p: URLSearchParams) => void) =>
      setParams((p) => {
        edit(p);
        return p;
      }),
    [setParams],
  );
  return {
    filter,
    page,
    callId,
    /** Another filter starts at its first page. */
    setFilter: useCallback(
      (next: CallFilter) =>
        change((p) => {
          if (next === 'all') p.delete('filter');
          else p.set('filter', next);
          p.delete('page');
        }),
      [change],
    ),
    setPage: useCallback(
      (next: number) =>
        change((p) => {
          if (next === 0) p.delete('page');
          else p.set('page', String(next + 1));
        }),
      [change],
    ),
    showCall: useCallback(
      (id: number | null) => change((p) => (id ? p.set('call', String(id)) : p.delete('call'))),
      [change],
    ),
  };
}
