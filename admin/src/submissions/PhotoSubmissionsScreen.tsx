import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Classes, NonIdealState } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhotoSubmission } from '@washdesk/contract';
import { useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { SubmissionCard } from './SubmissionCard.tsx';
import { SubmissionDetailsDialog } from './SubmissionDetailsDialog.tsx';
import { SubmissionStatCards } from './SubmissionStatCards.tsx';
import { SUBMISSIONS_PAGE_SIZE, submissionQueries } from './submission.queries.ts';
import './submissions.css';

const PLACEHOLDER_CARDS = 6;

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

export function PhotoSubmissionsScreen() {
  const api = useApi();
  const [page, setPage] = usePageParam();
  const list = useQuery({
    ...submissionQueries.page(api, page * SUBMISSIONS_PAGE_SIZE),
    // The old page stays on screen while the next one loads: no flash of placeholders.
    placeholderData: keepPreviousData,
  });
  const lastPage = list.data ? Math.max(0, Math.ceil(list.data.total / SUBMISSIONS_PAGE_SIZE) - 1) : 0;
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  // An old bookmark or a shrunken list can point past the end: show the last page instead.
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);
  const [opened, setOpened] = useState<PhotoSubmission | null>(null);
  // The freshest copy after a quote refetched the page; the snapshot if it left the page.
  const openSubmission = opened ? (list.data?.items.find((s) => s.id === opened.id) ?? opened) : undefined;

  return (
    <>
      <PageHeader page="/admin/photo-submissions" />
      <SubmissionStatCards />
      {list.isError ? (
        <NonIdealState
          className="submissions-problem"
          icon="error"
          title="The photo submissions could not be loaded"
          description="Check that the Washdesk server is running, then try again."
          action={<Button icon="refresh" text="Try again" onClick={() => void list.refetch()} />}
        />
      ) : list.data && list.data.total === 0 ? (
        <NonIdealState className="submissions-empty" icon="camera" title="No photo submissions yet" />
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
      <SubmissionDetailsDialog submission={openSubmission} onClose={() => setOpened(null)} />
    </>
  );
}
