import { Button, Card, Classes, H3, NonIdealState } from '@blueprintjs/core';
import { useDraggable } from '@dnd-kit/core';
import { dollarsOf, formatDollars, type Job } from '@washdesk/contract';
import { durationText } from './board-days.ts';

/** Jobs sold but not on anyone's day yet: drag one onto a slot, or "Schedule…". */
export function JobTray({
  jobs,
  total,
  onSchedule,
}: {
  jobs: Job[];
  total: number;
  onSchedule: (job: Job) => void;
}) {
  return (
    <Card className="board-tray" role="region" aria-label="Unscheduled jobs">
      <H3 className="board-tray__title">
        Unscheduled jobs {total > 0 && <span className={Classes.TEXT_MUTED}>({total})</span>}
      </H3>
      {jobs.length === 0 ? (
        <NonIdealState icon="tick-circle" title="Every job has its visit" />
      ) : (
        <ul className="board-tray__list">
          {jobs.map((job) => (
            <TrayJob key={job.id} job={job} onSchedule={onSchedule} />
          ))}
        </ul>
      )}
      {total > jobs.length && (
        <p className={Classes.TEXT_MUTED}>
          The oldest {jobs.length} of {total} are shown; schedule these first.
        </p>
      )}
    </Card>
  );
}

function TrayJob({ job, onSchedule }: { job: Job; onSchedule: (job: Job) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `job|${job.id}`,
    data: { job },
  });
  return (
    <li className={`board-tray__job${isDragging ? ' board-visit--dragging' : ''}`}>
      <button
        type="button"
        ref={setNodeRef}
        className="board-visit__handle"
        {...attributes}
        {...listeners}
        aria-roledescription="unscheduled job"
        onClick={() => onSchedule(job)}
      >
        <span className="board-visit__who">{job.customerName}</span>{' '}
        <span className="board-visit__what">
          {job.title} · {durationText(job.durationMinutes)} · {formatDollars(dollarsOf(job.priceCents))}
        </span>{' '}
        <span className="board-visit__where">{job.address}</span>
        {job.dueMonth && <span className="board-visually-hidden">, due {job.dueMonth}</span>}
      </button>
      <Button
        size="small"
        text="Schedule…"
        onClick={() => onSchedule(job)}
        aria-label={`Schedule ${job.customerName}'s ${job.title}`}
      />
    </li>
  );
}
