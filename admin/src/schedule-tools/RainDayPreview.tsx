import { Callout, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { RainDayPlan } from '@washdesk/contract';
import { dateLabel } from '../appointments/appointment-labels.ts';

const slot = (s: { date: string; time: string | null }) => `${dateLabel(s.date)} · ${s.time ?? 'Time TBD'}`;

/** Every customer of the rained-out day: where their visit goes and the exact text they get. */
export function RainDayPreview({ plan }: { plan: RainDayPlan }) {
  if (!plan.moves.length) return <Callout>No scheduled visits on that day.</Callout>;
  return (
    <>
      {plan.unplaced > 0 && (
        <Callout intent={Intent.DANGER}>
          {plan.unplaced} visit{plan.unplaced === 1 ? ' has' : 's have'} no free slot there: choose another
          day.
        </Callout>
      )}
      <HTMLTable compact striped className="schedule-tools__table" aria-label="Rain day moves">
        <thead>
          <tr>
            <th>Customer</th>
            <th>Now</th>
            <th>New time</th>
            <th>Their text</th>
          </tr>
        </thead>
        <tbody>
          {plan.moves.map((move) => (
            <tr key={move.visitId} data-visit={move.visitId}>
              <td>
                {move.customerName}
                <div className={Classes.TEXT_MUTED}>{move.serviceLabel}</div>
              </td>
              <td>{slot(move.from)}</td>
              <td>{move.to ? slot(move.to) : <Tag intent={Intent.DANGER}>No free slot</Tag>}</td>
              <td>
                {move.message.texted ? (
                  <span className="schedule-tools__message">{move.message.body}</span>
                ) : (
                  <>
                    <Tag intent={Intent.WARNING}>Not texted</Tag> {move.message.reason}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
