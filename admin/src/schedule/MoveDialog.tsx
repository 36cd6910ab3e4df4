import { useState } from 'react';
import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import type { BusinessHours, Crew, VisitMove } from '@washdesk/contract';
import { JobDepositLine } from '../deposits/DepositLine.tsx';
import { openTimesOf } from './board-days.ts';

/** What the dialog moves: a visit on the board, or a job from the tray that gets its visit. */
export interface MoveTarget {
  kind: 'visit' | 'job';
  id: number;
  /** "Dana Whitfield: House wash". */
  label: string;
  from: Partial<VisitMove>;
  /** The job the visit does (its deposit is shown: deposits/). */
  jobId?: number | null;
}

/**
 * "Move to…": the single-pointer and keyboard way to do what a drag does (WCAG 2.2 SC 2.5.7).
 * The server's booking rules decide; a refusal comes back as a toast in its own words.
 */
export function MoveDialog({
  target,
  crews,
  hours,
  busy,
  onMove,
  onClose,
}: {
  target: MoveTarget | null;
  crews: Crew[];
  hours: BusinessHours | undefined;
  busy: boolean;
  onMove: (target: MoveTarget, to: VisitMove) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={target !== null}
      onClose={onClose}
      title={target ? `${target.kind === 'job' ? 'Schedule' : 'Move'} ${target.label}` : ''}
      icon="calendar"
    >
      {target && (
        <MoveForm
          key={`${target.kind}${target.id}`}
          target={target}
          crews={crews}
          hours={hours}
          busy={busy}
          onMove={onMove}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MoveForm({
  target,
  crews,
  hours,
  busy,
  onMove,
  onClose,
}: {
  target: MoveTarget;
  crews: Crew[];
  hours: BusinessHours | undefined;
  busy: boolean;
  onMove: (target: MoveTarget, to: VisitMove) => void;
  onClose: () => void;
}) {
  const active = crews.filter((c) => c.active);
  const [date, setDate] = useState(target.from.date ?? '');
  const times = date ? openTimesOf(hours, date) : [];
  const [time, setTime] = useState(target.from.time ?? '');
  const [crewId, setCrewId] = useState(target.from.crewId ?? active[0]?.id ?? 0);
  const chosenTime = times.includes(time) ? time : '';
  const ready = Boolean(date && chosenTime && crewId);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onMove(target, { date, time: chosenTime as VisitMove['time'], crewId });
      }}
    >
      <DialogBody>
        {target.jobId ? <JobDepositLine jobId={target.jobId} /> : null}
        <FormGroup label="Day" labelFor="move-date">
          <InputGroup
            id="move-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
          />
        </FormGroup>
        <FormGroup
          label="Time"
          labelFor="move-time"
          helperText={date && times.length === 0 ? 'The business is closed that day' : undefined}
        >
          <HTMLSelect
            id="move-time"
            value={chosenTime}
            onChange={(e) => setTime(e.target.value)}
            fill
            required
          >
            <option value="">Choose a time</option>
            {times.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Crew" labelFor="move-crew">
          <HTMLSelect id="move-crew" value={crewId} onChange={(e) => setCrewId(Number(e.target.value))} fill>
            {active.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {target.kind === 'visit' && (
          <p className={Classes.TEXT_MUTED}>
            A new day or time is texted to the customer where texts are set up and they agreed to them; a crew
            change alone is not.
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={target.kind === 'job' ? 'Schedule' : 'Move'}
              disabled={!ready}
              loading={busy}
            />
          </>
        }
      />
    </form>
  );
}
