import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RAIN_DAY_NEXT_FREE, type RainDayApplied, type RainDayRequest } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { showProblemToast, showSuccessToast, showToast } from '../toaster.ts';
import { CrewPicker } from './CrewPicker.tsx';
import { RainDayPreview } from './RainDayPreview.tsx';
import { scheduleToolsQueries, sendRainDay, undoRainDay } from './schedule-tools.queries.ts';
import './schedule-tools.css';

export interface ScheduleToolProps {
  /** The day shown (`YYYY-MM-DD`, the business's calendar). */
  date: string;
  /** The crew row it was opened from; none = every crew's day. */
  crewId?: number;
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * "Rain day": every visit of a day (or of one crew's day) moved to another day or to each
 * customer's next free slot, with the exact text each customer will get, in ≤ 3 clicks (open,
 * send); then "Undo" for the 10 minutes the texts are held.
 */
export function RainDayButton({ date, crewId }: ScheduleToolProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(date);
  const [crew, setCrew] = useState<number | null>(crewId ?? null);
  const [target, setTarget] = useState<'next-free' | 'day'>('next-free');
  const [toDay, setToDay] = useState('');
  // What was sent, and when its undo window ends on this computer's clock (the server's window
  // length from the moment its answer came: the two clocks need not agree).
  const [applied, setApplied] = useState<(RainDayApplied & { undoEnds: number }) | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Each opening starts from the day (and crew) the screen shows.
  const openDialog = () => {
    setDay(date);
    setCrew(crewId ?? null);
    setOpen(true);
  };

  const request: RainDayRequest = {
    date: day,
    ...(crew ? { crewId: crew } : {}),
    toDate: target === 'next-free' ? RAIN_DAY_NEXT_FREE : toDay,
  };
  const ready = isDate(day) && (target === 'next-free' || isDate(toDay));
  const preview = useQuery({
    ...scheduleToolsQueries.rainDayPreview(api, request),
    enabled: open && ready,
    retry: false,
  });

  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentQueries.all }),
      queryClient.invalidateQueries({ queryKey: scheduleToolsQueries.all }),
    ]);

  const undo = useMutation({
    mutationFn: (done: RainDayApplied) => undoRainDay(api, done.undoId, done.date),
    onSuccess: (result) => {
      setApplied(null);
      showSuccessToast(
        `Rain day undone: ${result.restored} visit${result.restored === 1 ? '' : 's'} back, ` +
          `${result.cancelledTexts} text${result.cancelledTexts === 1 ? '' : 's'} cancelled`,
      );
      void refetch();
    },
    onError: (error) => {
      setApplied(null);
      showProblemToast(error);
    },
  });

  const send = useMutation({
    mutationFn: () => sendRainDay(api, request),
    onSuccess: (result) => {
      setOpen(false);
      const undoEnds = Date.now() + Date.parse(result.undoUntil) - Date.parse(result.appliedAt);
      setApplied({ ...result, undoEnds });
      setNow(Date.now());
      const texted = result.moves.filter((m) => m.message.texted).length;
      showToast({
        intent: Intent.SUCCESS,
        icon: 'tick',
        message: `Moved ${result.moves.length} visit${result.moves.length === 1 ? '' : 's'}; ${texted} text${texted === 1 ? '' : 's'} go in ${Math.round((undoEnds - Date.now()) / 60_000)} minutes unless you undo.`,
        action: { text: 'Undo', onClick: () => undo.mutate(result) },
        timeout: Math.max(0, undoEnds - Date.now()),
      });
      void refetch();
    },
  });

  // The undo button lives as long as the server's window (its message decides if the clocks differ).
  const undoLeft = applied ? applied.undoEnds - now : 0;
  const undoable = applied !== null && undoLeft > 0;
  useEffect(() => {
    if (!undoable) return;
    const tick = setTimeout(() => setNow(Date.now()), Math.min(1000, undoLeft));
    return () => clearTimeout(tick);
  }, [undoable, undoLeft]);

  const plan = preview.data;
  const movable = plan && plan.moves.length > 0 && plan.unplaced === 0;
  const texted = plan?.moves.filter((m) => m.message.texted).length ?? 0;

  return (
    <>
      <Button icon="rain" text="Rain day" onClick={openDialog} />
      {undoable && (
        <Button
          className="schedule-tools__undo"
          intent={Intent.WARNING}
          icon="undo"
          loading={undo.isPending}
          onClick={() => undo.mutate(applied)}
          text={`Undo rain day (${Math.floor(undoLeft / 60_000)}:${String(Math.floor((undoLeft % 60_000) / 1000)).padStart(2, '0')})`}
        />
      )}
      <Dialog
        title="Rain day: move a day's visits"
        icon="rain"
        isOpen={open}
        onClose={() => setOpen(false)}
        style={{ width: 'min(52rem, calc(100vw - 2rem))' }}
      >
        <DialogBody>
          <div className="schedule-tools__fields">
            <FormGroup label="Rained-out day" labelFor="rain-day-date">
              <InputGroup
                id="rain-day-date"
                type="date"
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
              />
            </FormGroup>
            <CrewPicker id="rain-day-crew" value={crew} onChange={setCrew} allLabel="Every crew" />
            <RadioGroup
              label="Move them to"
              selectedValue={target}
              onChange={(e) => setTarget(e.currentTarget.value as 'next-free' | 'day')}
            >
              <Radio value="next-free" label="Each customer's next free slot" />
              <Radio value="day" label="Another day" />
            </RadioGroup>
            {target === 'day' && (
              <FormGroup label="New day" labelFor="rain-day-to">
                <InputGroup
                  id="rain-day-to"
                  type="date"
                  value={toDay}
                  onChange={(e) => setToDay(e.currentTarget.value)}
                />
              </FormGroup>
            )}
          </div>
          {!ready ? (
            <Callout>Choose the new day.</Callout>
          ) : preview.isPending ? (
            <div className="schedule-tools__loading" aria-busy="true">
              <Spinner size={20} /> <span>Working out the new times…</span>
            </div>
          ) : preview.isError ? (
            <Callout intent={Intent.DANGER}>{problemMessage(preview.error)}</Callout>
          ) : (
            <RainDayPreview plan={preview.data} />
          )}
          {send.isError && <Callout intent={Intent.DANGER}>{problemMessage(send.error)}</Callout>}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => setOpen(false)} />
              <Button
                intent={Intent.PRIMARY}
                icon="send-message"
                disabled={!movable}
                loading={send.isPending}
                onClick={() => send.mutate()}
                text={
                  plan
                    ? `Move ${plan.moves.length} visit${plan.moves.length === 1 ? '' : 's'} and text ${texted}`
                    : 'Move visits'
                }
              />
            </>
          }
        >
          Texts wait 10 minutes, so Undo can still stop them.
        </DialogFooter>
      </Dialog>
    </>
  );
}
