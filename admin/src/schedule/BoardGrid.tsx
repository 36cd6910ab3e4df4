import { memo } from 'react';
import { Button, Classes, Tag } from '@blueprintjs/core';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  JOB_NEXT_STATUS,
  JOB_STATUS_LABELS,
  dollarsOf,
  formatDollars,
  startHourOf,
  type BoardVisit,
  type BusinessHours,
  type Crew,
  type JobStatus,
} from '@washdesk/contract';
import { JobInvoiceButton } from '../invoices/JobInvoiceButton.tsx';
import { durationText, openTimesOf, shortDayOf, slotId, type BoardView } from './board-days.ts';

// The board: crews as rows, the view's days as columns, and in each cell the day's hours from top
// to bottom. A visit starts on its hour's slot and is as tall as it is long, in its crew's colour.

const NEXT_STEP_WORDS: Partial<Record<JobStatus, string>> = {
  scheduled: 'On my way',
  on_the_way: 'Start job',
  in_progress: 'Job done',
};

export interface BoardActions {
  /** Opens "Move to…" for the visit (a click or Enter on its card). */
  openMove: (visit: BoardVisit) => void;
  /** The job's next step: on the way, in progress, done. */
  advance: (visit: BoardVisit, next: JobStatus) => void;
}

export function BoardGrid({
  view,
  days,
  rowTimes,
  crews,
  visits,
  hours,
  actions,
}: {
  view: BoardView;
  days: string[];
  rowTimes: string[];
  crews: Crew[];
  visits: BoardVisit[];
  hours: BusinessHours | undefined;
  actions: BoardActions;
}) {
  const lanes = new Map<string, BoardVisit[]>();
  for (const v of visits) {
    const key = `${v.crewId}|${v.date}`;
    const lane = lanes.get(key);
    if (lane) lane.push(v);
    else lanes.set(key, [v]);
  }
  const crewById = new Map(crews.map((c) => [c.id, c]));
  return (
    <table
      className={`board-grid board-grid--${view}`}
      aria-label={
        view === 'day' ? `Board for ${shortDayOf(days[0]!)}` : `Board for the week of ${shortDayOf(days[0]!)}`
      }
    >
      <thead>
        <tr>
          <th scope="col" className="board-grid__corner">
            Crew
          </th>
          {days.map((d) => (
            <th scope="col" key={d} className="board-grid__day">
              {shortDayOf(d)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {crews.map((crew) => (
          <tr key={crew.id}>
            <th scope="row" className="board-grid__crew" style={{ borderLeftColor: crew.color }}>
              <span className="board-crew-swatch" style={{ background: crew.color }} aria-hidden />
              {crew.name}
            </th>
            {days.map((d) => (
              <Lane
                key={d}
                view={view}
                crew={crew}
                date={d}
                rowTimes={rowTimes}
                open={openTimesOf(hours, d)}
                visits={lanes.get(`${crew.id}|${d}`) ?? []}
                crewById={crewById}
                actions={actions}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Places overlapping visits side by side: each gets the first column free at its start. */
function columnsOf(visits: BoardVisit[], rowOf: (v: BoardVisit) => number) {
  const ends: number[] = [];
  const column = new Map<number, number>();
  for (const v of visits) {
    const start = rowOf(v) * 60;
    let c = ends.findIndex((end) => end <= start);
    if (c === -1) c = ends.length;
    ends[c] = start + v.durationMinutes;
    column.set(v.id, c);
  }
  return { column, count: Math.max(1, ends.length) };
}

const Lane = memo(function Lane({
  view,
  crew,
  date,
  rowTimes,
  open,
  visits,
  crewById,
  actions,
}: {
  view: BoardView;
  crew: Crew;
  date: string;
  rowTimes: string[];
  open: string[];
  visits: BoardVisit[];
  crewById: Map<number, Crew>;
  actions: BoardActions;
}) {
  const first = rowTimes.length ? startHourOf(rowTimes[0]!)! : 8;
  const rowOf = (v: BoardVisit) => (v.time ? startHourOf(v.time)! - first : -1);
  const placed = visits.filter((v) => v.time && rowTimes.includes(v.time));
  const unplaced = visits.filter((v) => !placed.includes(v));
  const { column, count } = columnsOf(placed, rowOf);
  return (
    <td className="board-cell">
      <div
        className="board-lane"
        data-lane={`${crew.name} ${date}`}
        style={{ height: `calc(${rowTimes.length} * var(--board-row))` }}
      >
        {rowTimes.map((t, i) =>
          open.includes(t) ? (
            <Slot key={t} date={date} time={t} crewId={crew.id} row={i} />
          ) : (
            <div
              key={t}
              className="board-slot board-slot--closed"
              style={{ top: `calc(${i} * var(--board-row))` }}
            />
          ),
        )}
        {open.length === 0 && <span className={`board-lane__closed ${Classes.TEXT_MUTED}`}>Closed</span>}
        {placed.map((v) => (
          <div
            key={v.id}
            className="board-visit-place"
            style={{
              top: `calc(${rowOf(v)} * var(--board-row) + 1px)`,
              height: `calc(${v.durationMinutes / 60} * var(--board-row) - 2px)`,
              left: `${(column.get(v.id)! / count) * 100}%`,
              width: `${100 / count}%`,
            }}
          >
            <VisitCard visit={v} view={view} crew={crewById.get(v.crewId ?? 0)} actions={actions} />
          </div>
        ))}
      </div>
      {unplaced.length > 0 && (
        <div className="board-lane__unplaced">
          {unplaced.map((v) => (
            <VisitCard
              key={v.id}
              visit={v}
              view={view}
              crew={crewById.get(v.crewId ?? 0)}
              actions={actions}
            />
          ))}
        </div>
      )}
    </td>
  );
});

function Slot({ date, time, crewId, row }: { date: string; time: string; crewId: number; row: number }) {
  const { setNodeRef, isOver } = useDroppable({
    id: slotId(date, time, crewId),
    data: { date, time, crewId },
  });
  return (
    <div
      ref={setNodeRef}
      className={`board-slot${isOver ? ' board-slot--over' : ''}`}
      style={{ top: `calc(${row} * var(--board-row))` }}
      data-slot={`${date} ${time} crew ${crewId}`}
    >
      <span className="board-slot__time" aria-hidden>
        {time}
      </span>
    </div>
  );
}

/** What a card's place and colour say, in words (colour is never the only sign). */
export const visitDetails = (v: BoardVisit, crew: Crew | undefined) =>
  [
    `${shortDayOf(v.date)}${v.time ? ` at ${v.time}` : ', time to be decided'}`,
    durationText(v.durationMinutes),
    crew?.name,
    v.priceCents !== null ? formatDollars(dollarsOf(v.priceCents)) : null,
    v.jobStatus && v.jobStatus !== 'scheduled' ? JOB_STATUS_LABELS[v.jobStatus] : null,
    v.status !== 'scheduled' ? v.status : null,
  ]
    .filter(Boolean)
    .join(', ');

/** One line for the drag's ghost and announcements. */
export const visitLabel = (v: BoardVisit, crew: Crew | undefined) =>
  `${v.customerName}: ${v.title}, ${visitDetails(v, crew)}`;

export const VisitCard = memo(function VisitCard({
  visit,
  view,
  crew,
  actions,
}: {
  visit: BoardVisit;
  view: BoardView;
  crew: Crew | undefined;
  actions: BoardActions;
}) {
  const movable = visit.status === 'scheduled' && (!visit.jobStatus || visit.jobStatus === 'scheduled');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `visit|${visit.id}`,
    data: { visit },
    disabled: !movable,
  });
  const next =
    visit.jobId && visit.status === 'scheduled' && visit.jobStatus
      ? JOB_NEXT_STATUS[visit.jobStatus]
      : undefined;
  const color = crew?.color ?? '#738091';
  return (
    <div
      className={`board-visit board-visit--${visit.kind}${isDragging ? ' board-visit--dragging' : ''}${visit.status !== 'scheduled' ? ' board-visit--done' : ''}`}
      style={{ borderLeftColor: color, ['--crew-color' as string]: color }}
    >
      <button
        type="button"
        ref={setNodeRef}
        className="board-visit__handle"
        {...attributes}
        {...listeners}
        aria-roledescription={movable ? 'movable visit' : 'visit'}
        onClick={() => movable && actions.openMove(visit)}
        aria-disabled={!movable || undefined}
      >
        {/* The name is what the card shows, then (unseen) what its place and colour say. */}
        <span className="board-visit__time">
          {visit.time ?? 'Time TBD'} · {visit.kind === 'job' ? 'Job' : 'Estimate'}
        </span>{' '}
        <span className="board-visit__who">{visit.customerName}</span>{' '}
        <span className="board-visit__what">
          {visit.title}
          {view === 'day' && visit.priceCents !== null && ` · ${formatDollars(dollarsOf(visit.priceCents))}`}
        </span>{' '}
        {view === 'day' && <span className="board-visit__where">{visit.address}</span>}
        <span className="board-visually-hidden">, {visitDetails(visit, crew)}</span>
      </button>
      {visit.jobStatus && visit.jobStatus !== 'scheduled' && (
        <Tag minimal round className="board-visit__step">
          {JOB_STATUS_LABELS[visit.jobStatus]}
        </Tag>
      )}
      {next && visit.jobStatus && (
        <Button
          size="small"
          variant="minimal"
          className="board-visit__next"
          icon="circle-arrow-right"
          text={view === 'day' ? NEXT_STEP_WORDS[visit.jobStatus] : undefined}
          aria-label={`${NEXT_STEP_WORDS[visit.jobStatus]}: ${visit.customerName}`}
          onClick={() => actions.advance(visit, next)}
        />
      )}
      {visit.jobId && visit.jobStatus === 'done' && (
        <JobInvoiceButton jobId={visit.jobId} customerName={visit.customerName} />
      )}
    </div>
  );
});
