import { Card, Classes, H4, HTMLTable } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, type WeeklyMoney } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { MONEY_COLUMNS, MoneyByChannel } from '../reports/MoneyByChannel.tsx';
import { usePermission } from '../session/use-permission.ts';
import { dashboardMoneyQueries } from './money.queries.ts';

const weekLabel = (monday: string, index: number) =>
  index === 0
    ? 'This week'
    : `Week of ${new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}`;

/**
 * Money: quoted, won, invoiced and collected dollars of the last four weeks, and per channel.
 * The owner's only (the matrix's seeMoney): a staff member's dashboard does not show the card.
 */
export function MoneyCard() {
  const { allowed } = usePermission('seeMoney');
  return allowed ? <Money /> : null;
}

function Money() {
  const api = useApi();
  const money = useQuery(dashboardMoneyQueries.weeks(api));
  return (
    <Card className="dashboard-card money-card" role="region" aria-label="Money">
      <H4>Money</H4>
      {money.isError && <p className={Classes.TEXT_MUTED}>The money figures could not be loaded.</p>}
      {money.isPending && <p className={Classes.SKELETON}>Loading the money figures</p>}
      {money.data && <MoneyWeeks weeks={money.data} />}
    </Card>
  );
}

function MoneyWeeks({ weeks }: { weeks: WeeklyMoney[] }) {
  return (
    <>
      {/* Five money columns do not fit a phone: the table scrolls inside the card. */}
      <div className="table-scroll">
        <HTMLTable striped compact className="money-card__table" aria-label="Money per week">
          <thead>
            <tr>
              <th>Week</th>
              {MONEY_COLUMNS.map((c) => (
                <th key={c.label}>{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w, i) => (
              <tr key={w.weekStart}>
                <td>{weekLabel(w.weekStart, i)}</td>
                {MONEY_COLUMNS.map((c) => (
                  <td key={c.label}>{formatCents(c.value(w))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <p className={Classes.TEXT_MUTED}>
        Collected is what settled less refunds; tips are shown apart. By the channel the lead came from:
      </p>
      <MoneyByChannel weeks={weeks} caption={`Money by channel, the last ${weeks.length} weeks`} />
    </>
  );
}
