import { HTMLTable } from '@blueprintjs/core';
import {
  CHANNEL_LABELS,
  NO_CHANNEL_LABEL,
  formatCents,
  type MoneyFigures,
  type MoneyOfChannel,
} from '@washdesk/contract';

/** The money columns, in the order the business follows a job: quoted, won, invoiced, collected. */
export const MONEY_COLUMNS: { label: string; value: (m: MoneyFigures) => number }[] = [
  { label: 'Quoted', value: (m) => m.quotedCents },
  { label: 'Won', value: (m) => m.wonCents },
  { label: 'Invoiced', value: (m) => m.invoicedCents },
  { label: 'Collected', value: (m) => m.collectedCents },
  { label: 'Tips', value: (m) => m.tipsCents },
];

const channelLabel = (channel: MoneyOfChannel['channel']) =>
  channel ? CHANNEL_LABELS[channel] : NO_CHANNEL_LABEL;

/** The weeks' money added up per channel (the lead the quote came from), channels with money only. */
export function MoneyByChannel({
  weeks,
  caption,
}: {
  weeks: { byChannel: MoneyOfChannel[] }[];
  caption: string;
}) {
  const totals = new Map<MoneyOfChannel['channel'], MoneyOfChannel>();
  for (const week of weeks)
    for (const c of week.byChannel) {
      const sum = totals.get(c.channel) ?? {
        channel: c.channel,
        quotedCents: 0,
        wonCents: 0,
        invoicedCents: 0,
        collectedCents: 0,
        tipsCents: 0,
      };
      for (const key of ['quotedCents', 'wonCents', 'invoicedCents', 'collectedCents', 'tipsCents'] as const)
        sum[key] += c[key];
      totals.set(c.channel, sum);
    }
  if (!totals.size) return <p>No money quoted, invoiced or collected in these weeks yet.</p>;
  // Five money columns do not fit a phone: the table scrolls inside its card.
  return (
    <div className="table-scroll">
      <HTMLTable striped compact className="weekly-report__table" aria-label={caption}>
        <thead>
          <tr>
            <th>Channel</th>
            {MONEY_COLUMNS.map((c) => (
              <th key={c.label}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...totals.values()].map((row) => (
            <tr key={row.channel ?? 'none'}>
              <td>{channelLabel(row.channel)}</td>
              {MONEY_COLUMNS.map((c) => (
                <td key={c.label}>{formatCents(c.value(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
