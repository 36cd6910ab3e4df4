import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import {
  LEAD_STAGE_OPTIONS,
  LOST_REASON_REQUIRED,
  leadSchema,
  type Lead,
  type LeadStage,
} from '@washdesk/contract';
import { useChange } from '../api/use-change.ts';
import { showProblemToast } from '../toaster.ts';
import { leadsKey } from './leads.queries.ts';

const STAGE_LABEL = new Map<string, string>(LEAD_STAGE_OPTIONS.map((o) => [o.value, o.label]));
export const stageLabel = (stage: LeadStage) => STAGE_LABEL.get(stage) ?? stage;

/** A lead's stage as a select; "Lost" first asks why. */
export function LeadStagePicker({ lead }: { lead: Lead }) {
  const [askingWhyLost, setAskingWhyLost] = useState(false);
  const [reason, setReason] = useState('');
  const move = useChange<{ stage: LeadStage; lostReason?: string }>({
    change: (api, body) => api.send('PUT', `/api/leads/${lead.id}/stage`, body, leadSchema),
    success: ({ stage }) => `${lead.name ?? 'Lead'} moved to ${stageLabel(stage)}`,
    refetch: [leadsKey],
    onDone: () => {
      setAskingWhyLost(false);
      setReason('');
    },
    onError: showProblemToast,
  });
  return (
    <>
      <HTMLSelect
        className="requests-stage"
        aria-label={`Stage of ${lead.name ?? 'this lead'}`}
        value={lead.stage}
        disabled={move.isPending}
        options={LEAD_STAGE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(e) => {
          const stage = e.currentTarget.value as LeadStage;
          if (stage === 'lost') setAskingWhyLost(true);
          else move.mutate({ stage });
        }}
      />
      <Dialog isOpen={askingWhyLost} onClose={() => setAskingWhyLost(false)} title="Why was this lead lost?">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) move.mutate({ stage: 'lost', lostReason: reason.trim() });
          }}
        >
          <DialogBody>
            <FormGroup
              label="Reason"
              labelFor={`lost-reason-${lead.id}`}
              helperText={reason.trim() ? undefined : LOST_REASON_REQUIRED}
            >
              <InputGroup
                id={`lost-reason-${lead.id}`}
                value={reason}
                placeholder="e.g. went with a cheaper quote"
                onChange={(e) => setReason(e.currentTarget.value)}
                autoFocus
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => setAskingWhyLost(false)} />
                <Button
                  type="submit"
                  intent={Intent.DANGER}
                  text="Mark lost"
                  disabled={!reason.trim()}
                  loading={move.isPending}
                />
              </>
            }
          />
        </form>
      </Dialog>
    </>
  );
}
