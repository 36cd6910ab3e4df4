import type { ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { ListPager } from './ListPager.tsx';
import './paged-table.css';

/** What a list query holds: react-query's states and a page of the server's list. */
interface PagedQuery<Row> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: { items: Row[]; total: number };
}

interface PagedTableProps<Row> {
  query: PagedQuery<Row>;
  /** What is being loaded and what failed, in words: "invoices", "payments". */
  noun: string;
  /** Shown when the list is empty (a NonIdealState that says why). */
  empty: ReactNode;
  /** The table of this page's rows (it scrolls inside its card on a phone). */
  table: (rows: Row[], busy: boolean) => ReactNode;
  pager: { label: string; page: number; pageSize: number; onPage: (page: number) => void; noun: string };
}

/**
 * A server-paged list's four states, the same on every money screen (Invoices, Payments): loading,
 * failed, empty, or the page's table with the one pager under it.
 */
export function PagedTable<Row>({ query, noun, empty, table, pager }: PagedTableProps<Row>) {
  if (query.isPending)
    return (
      <div className="paged-table__loading" aria-busy="true">
        <Spinner size={20} />
        <span>Loading {noun}...</span>
      </div>
    );
  if (query.isError || !query.data) return <LoadFailed title={`The ${noun} could not be loaded`} />;
  if (query.data.total === 0) return <>{empty}</>;
  return (
    <>
      <div className="table-scroll">{table(query.data.items, query.isFetching)}</div>
      <ListPager {...pager} total={query.data.total} busy={query.isFetching} />
    </>
  );
}
