import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { BoardVisit, Job, JobStatus, VisitMove } from '@washdesk/contract';
import { JOB_STATUS_LABELS } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { settingsQueries } from '../settings/settings.queries.ts';
import { showProblemToast, showSuccessToast } from '../toaster.ts';
import { BoardGrid, visitLabel, type BoardActions } from './BoardGrid.tsx';
import { JobTray } from './JobTray.tsx';
import { MoveDialog, type MoveTarget } from './MoveDialog.tsx';
import {
  addDays,
  daysOf,
  longDayOf,
  rowTimesOf,
  shortDayOf,
  slotOf,
  todayHere,
  type BoardView,
} from './board-days.ts';
import { slotByArrowKeys, slotCollision } from './dnd-rules.ts';
import { advanceJob, bookJobVisit, crewQueries, moveVisit, scheduleQueries } from './schedule.queries.ts';
import { RainDayButton } from '../schedule-tools/RainDayButton.tsx';
import { RouteButton } from '../schedule-tools/RouteButton.tsx';
import './board.css';

// The crew's board (issue 33): day and week views, crews as rows, the unscheduled tray, drag
// and drop with @dnd-kit/core (pointer and keyboard) and "Move to…" for one pointer or the keys.

const DND_ANNOUNCEMENTS = {
  onDragStart: ({ active }: { active: { data: { current?: Record<string, unknown> } } }) =>
    `Picked up ${describe(active.data.current)}. Use the arrow keys to choose a slot, space to drop, escape to cancel.`,
  onDragOver: ({ over }: { over: { id: string | number } | null }) => {
    const slot = over ? slotOf(String(over.id)) : null;
    return slot ? `Over ${shortDayOf(slot.date)} at ${slot.time}.` : 'Not over a slot.';
  },
  onDragEnd: ({ over }: { over: { id: string | number } | null }) => {
    const slot = over ? slotOf(String(over.id)) : null;
    return slot ? `Dropped on ${shortDayOf(slot.date)} at ${slot.time}.` : 'Dropped where nothing changes.';
  },
  onDragCancel: () => 'Move cancelled.',
};
function describe(data: Record<string, unknown> | undefined) {
  const visit = data?.visit as BoardVisit | undefined;
  const job = data?.job as Job | undefined;
  return visit
    ? `${visit.customerName}'s ${visit.title}`
    : job
      ? `${job.customerName}'s ${job.title}`
      : 'the visit';
}

export function BoardScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: BoardView = params.get('view') === 'day' ? 'day' : 'week';
  const requested = params.get('date');
  const date = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : todayHere();
  const go = (next: { view?: BoardView; date?: string }) =>
    setParams({ view: next.view ?? view, date: next.date ?? date }, { replace: true });
  const days = daysOf(view, date);

  const crews = useQuery(crewQueries.list(api));
  const hours = useQuery(settingsQueries.businessHours(api));
  const visits = useQuery(scheduleQueries.range(api, days[0]!, days.at(-1)!));
  const tray = useQuery(scheduleQueries.tray(api));
  const activeCrews = useMemo(() => (crews.data ?? []).filter((c) => c.active), [crews.data]);
  const rowTimes = rowTimesOf(hours.data, days);

  const [target, setTarget] = useState<MoveTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: scheduleQueries.all });

  /** One move or booking: the server's rules decide; the toast says what happened, no more. */
  const place = async (what: MoveTarget, to: VisitMove) => {
    setBusy(true);
    try {
      const crewName = crews.data?.find((c) => c.id === to.crewId)?.name ?? 'the crew';
      const where = `${shortDayOf(to.date)} at ${to.time} (${crewName})`;
      if (what.kind === 'visit') {
        const moved = await moveVisit(api, what.id, to);
        showSuccessToast(
          `Moved ${what.label} to ${where}${moved.textQueued ? '; a text to the customer is queued' : ''}`,
        );
      } else {
        await bookJobVisit(api, what.id, to);
        showSuccessToast(`Scheduled ${what.label} for ${where}`);
      }
      setTarget(null);
    } catch (error) {
      showProblemToast(error);
    } finally {
      setBusy(false);
      await refetch();
    }
  };

  const actions: BoardActions = useMemo(
    () => ({
      openMove: (v: BoardVisit) =>
        setTarget({
          kind: 'visit',
          id: v.id,
          jobId: v.jobId,
          label: `${v.customerName}'s ${v.title}`,
          from: {
            date: v.date,
            time: (v.time ?? undefined) as VisitMove['time'] | undefined,
            crewId: v.crewId ?? undefined,
          },
        }),
      advance: async (v: BoardVisit, next: JobStatus) => {
        try {
          await advanceJob(api, v.jobId!, next);
          showSuccessToast(
            next === 'on_the_way'
              ? `${v.customerName} is marked On the way`
              : `${v.customerName}'s ${v.title} is ${JOB_STATUS_LABELS[next]}`,
          );
        } catch (error) {
          showProblemToast(error);
        } finally {
          await queryClient.invalidateQueries({ queryKey: scheduleQueries.all });
        }
      },
    }),
    [api, queryClient],
  );

  const sensors = useSensors(
    // A click (no movement) opens "Move to…"; a drag starts after a few pixels.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: slotByArrowKeys,
      // Space picks up and drops; Enter stays the button's own (it opens "Move to…").
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const slot = e.over ? slotOf(String(e.over.id)) : null;
    if (!slot) return;
    const data = e.active.data.current as { visit?: BoardVisit; job?: Job } | undefined;
    const to = { ...slot, time: slot.time as VisitMove['time'] };
    if (data?.visit) {
      const v = data.visit;
      if (v.date === to.date && v.time === to.time && v.crewId === to.crewId) return;
      void place({ kind: 'visit', id: v.id, label: `${v.customerName}'s ${v.title}`, from: {} }, to);
    } else if (data?.job) {
      void place(
        { kind: 'job', id: data.job.id, label: `${data.job.customerName}'s ${data.job.title}`, from: {} },
        to,
      );
    }
  };
  const draggedVisit = dragging?.startsWith('visit|')
    ? visits.data?.find((v) => `visit|${v.id}` === dragging)
    : undefined;
  const draggedJob = dragging?.startsWith('job|')
    ? tray.data?.items.find((j) => `job|${j.id}` === dragging)
    : undefined;

  const step = view === 'day' ? 1 : 7;
  return (
    <>
      <PageHeader page="/admin/board" />
      <div className="board-toolbar" role="toolbar" aria-label="Board">
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
            onClick={() => go({ date: addDays(date, -step) })}
          />
          <Button text="Today" onClick={() => go({ date: todayHere() })} />
          <Button
            icon="chevron-right"
            aria-label={view === 'day' ? 'Next day' : 'Next week'}
            onClick={() => go({ date: addDays(date, step) })}
          />
        </ButtonGroup>
        <h2 className="board-toolbar__title">
          {view === 'day' ? longDayOf(date) : `Week of ${longDayOf(days[0]!)}`}
        </h2>
        <ButtonGroup aria-label="View">
          <Button
            text="Day"
            active={view === 'day'}
            aria-pressed={view === 'day'}
            onClick={() => go({ view: 'day' })}
          />
          <Button
            text="Week"
            active={view === 'week'}
            aria-pressed={view === 'week'}
            onClick={() => go({ view: 'week' })}
          />
        </ButtonGroup>
        <input
          type="date"
          className={`${Classes.INPUT} board-toolbar__date`}
          aria-label="Go to day"
          value={date}
          onChange={(e) => e.target.value && go({ date: e.target.value })}
        />
        <div className="board-toolbar__extras">
          <RainDayButton date={date} />
          <RouteButton date={date} />
        </div>
      </div>
      {(crews.isError || visits.isError) && <LoadFailed title="The board could not be loaded" />}
      {(crews.isPending || visits.isPending) && !crews.isError && !visits.isError && (
        <Spinner size={30} aria-label="Loading the board" />
      )}
      {crews.data && visits.data && (
        <DndContext
          sensors={sensors}
          collisionDetection={slotCollision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{
            announcements: DND_ANNOUNCEMENTS as never,
            screenReaderInstructions: {
              draggable:
                'To move this visit, press space, choose a slot with the arrow keys and press space again; or press enter for Move to….',
            },
          }}
        >
          <div className={`board-layout board-layout--${view}`}>
            <div className="board-scroll">
              {activeCrews.length === 0 ? (
                <NonIdealState
                  icon="people"
                  title="No active crew"
                  description="Add a crew in Settings → Crews."
                />
              ) : rowTimes.length === 0 ? (
                <NonIdealState
                  icon="time"
                  title="Closed"
                  description="The business is closed on these days (Settings → Telephony → Business Hours)."
                />
              ) : (
                <BoardGrid
                  view={view}
                  days={days}
                  rowTimes={rowTimes}
                  crews={activeCrews}
                  visits={visits.data}
                  hours={hours.data}
                  actions={actions}
                />
              )}
            </div>
            <JobTray
              jobs={tray.data?.items ?? []}
              total={tray.data?.total ?? 0}
              onSchedule={(job) =>
                setTarget({
                  kind: 'job',
                  id: job.id,
                  jobId: job.id,
                  label: `${job.customerName}'s ${job.title}`,
                  from: { date },
                })
              }
            />
          </div>
          <DragOverlay dropAnimation={null}>
            {draggedVisit ? (
              <div
                className="board-drag-ghost"
                style={{ borderLeftColor: crews.data.find((c) => c.id === draggedVisit.crewId)?.color }}
              >
                {visitLabel(
                  draggedVisit,
                  crews.data.find((c) => c.id === draggedVisit.crewId),
                )}
              </div>
            ) : draggedJob ? (
              <div className="board-drag-ghost">
                {draggedJob.customerName}: {draggedJob.title}
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      <MoveDialog
        target={target}
        crews={crews.data ?? []}
        hours={hours.data}
        busy={busy}
        onMove={(t, to) => void place(t, to)}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
