import { Button, Classes, HTMLTable, NonIdealState, Section, SectionCard } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { BLOCKING_REFETCH, blockedNumberQueries, unblockNumber } from './blocked-numbers.queries.ts';
import { formatCallTime } from './call-format.ts';

/** Call Logs' list of blocked numbers, each with "Unblock". Blocking is on a call's details. */
export function BlockedNumbersSection() {
  const api = useApi();
  const blocked = useQuery(blockedNumberQueries.list(api));
  const unblock = useChange({
    change: (client, digits: string) => unblockNumber(client, digits),
    success: 'Number unblocked',
    refetch: BLOCKING_REFETCH,
    onError: (error) => showFailureToast('Failed to unblock number', error),
  });
  return (
    <Section title="Blocked numbers" icon="blocked-person" collapsible className="blocked-numbers">
      <SectionCard padded={!blocked.data?.length}>
        {blocked.isError ? (
          <NonIdealState icon="error" title="The blocked numbers could not be loaded" />
        ) : !blocked.data ? (
          <p className={Classes.SKELETON}>Loading blocked numbers</p>
        ) : blocked.data.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>
            No blocked numbers. Block a caller from their call&apos;s details.
          </p>
        ) : (
          <HTMLTable aria-label="Blocked numbers" className="blocked-numbers__table">
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Blocked</th>
                <th scope="col">
                  <span className="call-table__hidden-label">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {blocked.data.map((b) => (
                <tr key={b.digits}>
                  <td>{b.phoneNumber}</td>
                  <td>
                    {formatCallTime(b.createdAt)}
                    {b.blockedBy && <span className={Classes.TEXT_MUTED}> by {b.blockedBy}</span>}
                  </td>
                  <td>
                    <Button
                      small
                      icon="unlock"
                      text="Unblock"
                      aria-label={`Unblock ${b.phoneNumber}`}
                      loading={unblock.isPending && unblock.variables === b.digits}
                      onClick={() => unblock.mutate(b.digits)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </SectionCard>
    </Section>
  );
}
