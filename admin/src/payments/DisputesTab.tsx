import { useState } from 'react';
import { AnchorButton, Classes, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { disputeStatusLabel, timeLabel } from './payment-labels.ts';
import { evidenceUrl, paymentQueries } from './payments.queries.ts';

const PAGE_SIZE = 25;

/** Disputes (`?tab=disputes`): open ones first, the nearest deadline first, each with its packet. */
export function DisputesTab() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const list = useQuery(paymentQueries.disputes(api, { limit: PAGE_SIZE, offset: page * PAGE_SIZE }));
  if (list.isPending)
    return (
      <div className="payments-loading" aria-busy="true">
        <Spinner size={20} />
        <span>Loading disputes...</span>
      </div>
    );
  if (list.isError) return <LoadFailed title="The disputes could not be loaded" />;
  if (list.data.total === 0)
    return (
      <NonIdealState
        icon="tick-circle"
        title="No disputes"
        description="A customer's bank disputing a payment shows here with its deadline."
      />
    );
  return (
    <>
      <div className="payments-scroll">
        <div className="table-scroll">
          <HTMLTable striped className="payments-table" aria-label="Disputes" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Evidence due by</th>
                <th scope="col">Customer</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
                <th scope="col">Evidence</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((d) => (
                <tr key={d.id}>
                  <td>
                    {d.evidenceDueBy ? timeLabel(d.evidenceDueBy) : '—'}
                    {d.open && d.evidenceDueBy && (
                      <>
                        {' '}
                        <Tag intent={Intent.WARNING} minimal>
                          Open
                        </Tag>
                      </>
                    )}
                  </td>
                  <td>{d.customerName ?? '—'}</td>
                  <td>{formatCents(d.amountCents)}</td>
                  <td>{disputeStatusLabel(d.status)}</td>
                  <td className={Classes.TEXT_MUTED}>{d.reason?.replace(/_/g, ' ') ?? '—'}</td>
                  <td>
                    <AnchorButton
                      // A file to save, not an action on this page: a link, as the browser treats it.
                      role="link"
                      icon="download"
                      text="Download evidence (ZIP)"
                      href={evidenceUrl(api, d.id)}
                      download
                      aria-label={`Download evidence (ZIP) for dispute ${d.providerDisputeId}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </div>
      <ListPager
        label="Dispute pages"
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        noun="disputes"
        busy={list.isFetching}
      />
    </>
  );
}
