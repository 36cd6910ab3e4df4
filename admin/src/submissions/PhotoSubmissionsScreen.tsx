import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Classes, NonIdealState } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUBMISSION_STATUSES, type PhotoSubmissionRow, type SubmissionStatus } from '@washdesk/contract';
import { useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { SubmissionCard } from './SubmissionCard.tsx';
import { SubmissionDetailsDialog } from './SubmissionDetailsDialog.tsx';
import { SubmissionStatCards } from './SubmissionStatCards.tsx';
import { SubmissionFilters } from './SubmissionFilters.tsx';
import { SUBMISSIONS_PAGE_SIZE, submissionQueries, type SubmissionFilter } from './submission.queries.ts';
import './submissions.css';

const PLACEHOLDER_CARDS = 6;

const STATUSES = new Set<string>(SUBMISSION_STATUSES);

/** The page number lives in the address, so Back and a reload return to the same page. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const setPage = useCallback(
    (next: number) =>
      setParams((p) => {
        if (next === 0) p.delete('page');
        else p.set('page', String(next + 1));
        return p;
      }),
    [setParams],
  );
  return [page, setPage];
}

/**
 * The search and status filter live in the address too; a change names the parts it changes
 * (`{ q: undefined }` clears the search) and starts again at page 1.
 */
function useFilterParams(): [SubmissionFilter, (filter: SubmissionFilter) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') || undefined;
  const statusParam = params.get('status');
  const status = statusParam && STATUSES.has(statusParam) ? (statusParam as SubmissionStatus) : undefined;
  const filter = useMemo(() => ({ q, status }), [q, status]);
  const setFilter = useCallback(
    (next: SubmissionFilter) =>
      setParams((p) => {
        for (const key of ['q', 'status'] as const) {
          if (!(key in next)) continue;
          const value = next[key];
          if (value) p.set(key, value);
          else p.delete(key);
        }
        p.delete('page');
        return p;
      }),
    [setParams],
  );
  return [filter, setFilter];
}

export function PhotoSubmissionsScreen() {
  const api = useApi();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useFilterParams();
  const filtered = Boolean(filter.q || filter.status);
  const list = useQuery({
    ...submissionQueries.page(api, page * SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE, filter),
    // The old page stays on screen while the next one loads: no flash of placeholders.
    placeholderData: keepPreviousData,
  });
  const lastPage = list.data ? Math.max(0, Math.ceil(list.data.total / SUBMISSIONS_PAGE_SIZE) - 1) : 0;
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  // An old bookmark or a shrunken list can point past the end: show the last page instead.
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);
  const [opened, setOpened] = useState<PhotoSubmissionRow | null>(null);
  // A notification about a quote opens its submission wherever it is in the list.
  const [linkParams, setLinkParams] = useSearchParams();
  const linkedId = Number.parseInt(linkParams.get('submission') ?? '', 10) || null;
  const linked = useQuery({ ...submissionQueries.one(api, linkedId ?? 0), enabled: linkedId !== null });
  // The freshest copy after a quote refetched the page; the snapshot if it left the page.
  const openSubmission = opened
    ? (list.data?.items.find((s) => s.id === opened.id) ?? opened)
    : linkedId !== null
      ? linked.data
      : undefined;
  const close = () => {
    setOpened(null);
    if (linkedId !== null)
      setLinkParams((p) => {
        p.delete('submission');
        return p;
      });
  };

  return (
    <>
      <PageHeader page="/admin/photo-submissions" />
      <SubmissionStatCards />
      <SubmissionFilters filter={filter} onChange={setFilter} />
      {list.isError ? (
        <NonIdealState
          className="submissions-problem"
          icon="error"
          title="The photo submissions could not be loaded"
          description="Check that the Washdesk server is running, then try again."
          action={<Button icon="refresh" text="Try again" onClick={() => void list.refetch()} />}
        />
      ) : list.data && list.data.total === 0 && !list.isPlaceholderData ? (
        filtered ? (
          <NonIdealState
            className="submissions-empty"
            icon="search"
            title={
              filter.q ? `No photo submissions match “${filter.q}”` : 'No photo submissions with this status'
            }
            action={
              <Button
                text="Show all submissions"
                onClick={() => setFilter({ q: undefined, status: undefined })}
              />
            }
          />
        ) : (
          <NonIdealState className="submissions-empty" icon="camera" title="No photo submissions yet" />
        )
      ) : (
        <>
          <section className="submission-grid" aria-label="Photo submissions" aria-busy={list.isFetching}>
            {list.data
              ? list.data.items.map((s) => <SubmissionCard key={s.id} submission={s} onOpen={setOpened} />)
              : Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
                  <Card key={i} className={`submission-card ${Classes.SKELETON}`} aria-hidden>
                    Loading submission
                  </Card>
                ))}
          </section>
          {list.data && (
            <ListPager
              label="Photo submission pages"
              page={page}
              pageSize={SUBMISSIONS_PAGE_SIZE}
              total={list.data.total}
              onPage={setPage}
              noun="submissions"
            />
          )}
        </>
      )}
      <SubmissionDetailsDialog submission={openSubmission} onClose={close} />
    </>
  );
}
