import { useEffect } from 'react';
import {
  AnchorButton,
  Button,
  HTMLTable,
  Intent,
  NonIdealState,
  Section,
  SectionCard,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useSeenOnOpen } from '../live/new-for-me.ts';
import { ListPager } from '../components/ListPager.tsx';
import { CallDetailsDialog } from './CallDetailsDialog.tsx';
import { BlockedNumbersSection } from './BlockedNumbersSection.tsx';
import { CallFilters } from './CallFilters.tsx';
import { CallRow, CallRowPlaceholder } from './CallRow.tsx';
import { useCallLogsAddress } from './call-logs-address.ts';
import { CALLS_PAGE_SIZE, callLogExportUrl, callQueries, type CallFilter } from './calls.queries.ts';
import './call-logs.css';

const PLACEHOLDER_ROWS = 10;

const EMPTY: Record<CallFilter, string> = {
  all: 'No calls recorded yet',
  missed: 'No missed calls',
  callback: 'No caller is waiting for a call back',
};

export function CallLogsScreen() {
  const api = useApi();
  const address = useCallLogsAddress();
  // Opening Call Logs is seeing its calls: the sidebar's count of new ones goes back to zero.
  useSeenOnOpen('calls');
  const { filter, page, setPage } = address;
  const calls = useQuery(callQueries.page(api, filter, page));
  const shownCall =
    address.callId === null ? undefined : calls.data?.items.find((c) => c.id === address.callId);

  const lastPage = calls.data ? Math.max(0, Math.ceil(calls.data.total / CALLS_PAGE_SIZE) - 1) : 0;
  const pastTheEnd = calls.data !== undefined && !calls.isPlaceholderData && page > lastPage;
  // An old bookmark or a shorter log can point past the end: show the last page instead.
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);

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
        <SectionCard className="call-toolbar">
          <CallFilters value={filter} onChange={address.setFilter} />
        </SectionCard>
        <SectionCard padded={false}>
          {calls.isError ? (
            <NonIdealState
              icon="error"
              title="The call log could not be loaded"
              description={problemMessage(calls.error)}
              action={<Button text="Try again" icon="refresh" onClick={() => void calls.refetch()} />}
            />
          ) : calls.data?.total === 0 && !calls.isPlaceholderData ? (
            <NonIdealState icon="phone" title={EMPTY[filter]} />
          ) : (
            <div className="table-scroll">
              <HTMLTable
                className="call-table"
                aria-label="Recent Calls"
                aria-busy={calls.isFetching}
                interactive
              >
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Phone number</th>
                    <th scope="col">Summary</th>
                    <th scope="col" className="call-table__duration">
                      Duration
                    </th>
                    <th scope="col">Time</th>
                    <th scope="col">
                      <span className="call-table__hidden-label">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {calls.data
                    ? calls.data.items.map((call) => (
                        <CallRow key={call.id} call={call} onViewDetails={(c) => address.showCall(c.id)} />
                      ))
                    : Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => <CallRowPlaceholder key={i} />)}
                </tbody>
              </HTMLTable>
            </div>
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
              noun="calls"
            />
          </SectionCard>
        )}
      </Section>
      <BlockedNumbersSection />
      <CallDetailsDialog callId={address.callId} listed={shownCall} onClose={() => address.showCall(null)} />
    </>
  );
}
