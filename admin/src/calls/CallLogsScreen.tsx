import { useState } from 'react';
import { AnchorButton, Button, Intent, NonIdealState, Section, SectionCard } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Call } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { CallDetailsDialog } from './CallDetailsDialog.tsx';
import { CallRow, CallRowPlaceholder } from './CallRow.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { CALLS_PAGE_SIZE, callLogExportUrl, callQueries } from './calls.queries.ts';
import './call-logs.css';

const PLACEHOLDER_ROWS = 10;

export function CallLogsScreen() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<Call | null>(null);
  const calls = useQuery(callQueries.page(api, page));

  return (
    <>
      <PageHeader
        page="/admin/call-logs"
        action={
          // A plain download link: the server streams the whole log, however long it is.
          <AnchorButton
            icon="download"
            intent={Intent.PRIMARY}
            text="Export Logs"
            href={callLogExportUrl(api)}
            download
          />
        }
      />
      <Section title="Recent Calls" icon="phone">
        <SectionCard padded={false}>
          {calls.isError ? (
            <NonIdealState
              icon="error"
              title="The call log could not be loaded"
              description={problemMessage(calls.error)}
              action={<Button text="Try again" icon="refresh" onClick={() => void calls.refetch()} />}
            />
          ) : calls.data?.total === 0 ? (
            <NonIdealState icon="phone" title="No calls recorded yet" />
          ) : (
            <ol className="call-list" aria-label="Recent Calls" aria-busy={calls.isFetching}>
              {calls.data
                ? calls.data.items.map((call) => (
                    <CallRow key={call.id} call={call} onViewDetails={setShown} />
                  ))
                : Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => <CallRowPlaceholder key={i} />)}
            </ol>
          )}
        </SectionCard>
        {calls.data && calls.data.total > 0 && (
          <SectionCard>
            <ListPager
              label="Call log pages"
              page={page}
              pageSize={CALLS_PAGE_SIZE}
              total={calls.data.total}
              busy={calls.isPlaceholderData}
              onPage={setPage}
            />
          </SectionCard>
        )}
      </Section>
      <CallDetailsDialog call={shown} onClose={() => setShown(null)} />
    </>
  );
}
