import { Callout, Classes, Dialog, DialogBody, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Call } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { intentLabel } from '../ai-responses/intent-labels.ts';
import { CallBackButton } from './CallBackButton.tsx';
import { CallbackRequestedTag } from './CallRow.tsx';
import { CallStatusTag } from './CallStatusTag.tsx';
import { CallTranscript } from './CallTranscript.tsx';
import { CallBookedAppointment } from './CallBookedAppointment.tsx';
import { BlockNumberButton } from './BlockNumberButton.tsx';
import { CallVoicemail } from './CallVoicemail.tsx';
import { callDuration, callerName, formatCallTime } from './call-format.ts';
import { callQueries } from './calls.queries.ts';

interface CallDetailsDialogProps {
  /** The call on show (from the address); null when the dialog is closed. */
  callId: number | null;
  /** The call as the list on screen has it, shown at once while the fresh copy loads. */
  listed: Call | undefined;
  onClose: () => void;
}

/** "View Details": the whole stored call, what was said during it, and what it booked. */
export function CallDetailsDialog({ callId, listed, onClose }: CallDetailsDialogProps) {
  const api = useApi();
  const fetched = useQuery({
    ...callQueries.one(api, callId ?? 0),
    enabled: callId !== null,
    placeholderData: listed,
  });
  const call = fetched.data;
  return (
    <Dialog
      title={call ? `Call from ${callerName(call)}` : 'Call details'}
      icon="phone"
      isOpen={callId !== null}
      onClose={onClose}
      className="call-details"
    >
      <DialogBody>
        {call ? (
          <>
            <CallFields call={call} />
            <CallVoicemail call={call} />
            <CallBookedAppointment call={call} />
            <CallTranscript callId={call.id} />
          </>
        ) : fetched.isError ? (
          <Callout intent={Intent.DANGER} title="This call could not be loaded">
            It may have been removed, or the server may be unreachable.
          </Callout>
        ) : (
          <Spinner size={20} aria-label="Loading the call" />
        )}
      </DialogBody>
    </Dialog>
  );
}

const SCREENED: Record<NonNullable<Call['screened']>, string> = {
  blocked: 'Hung up: the number is blocked',
  unverified: "Hung up: the carrier could not verify the caller's number (possible spoofing)",
};

function CallFields({ call }: { call: Call }) {
  const muted = (text: string) => <span className={Classes.TEXT_MUTED}>{text}</span>;
  return (
    <dl className="call-details__fields">
      <dt>Status</dt>
      <dd className="call-details__status">
        <CallStatusTag status={call.status} />
        {call.callbackRequested && <CallbackRequestedTag />}
      </dd>
      <dt>Customer</dt>
      <dd>{call.customerName ?? muted('Not given')}</dd>
      <dt>Phone number</dt>
      <dd className="call-details__number">
        {call.phoneNumber} <CallBackButton call={call} small /> <BlockNumberButton call={call} />
      </dd>
      {call.screened && (
        <>
          <dt>Screened</dt>
          <dd>{SCREENED[call.screened]}</dd>
        </>
      )}
      <dt>Duration</dt>
      <dd>{callDuration(call)}</dd>
      {call.forwardedTo && (
        <>
          <dt>Put through to</dt>
          <dd>{call.forwardedTo}</dd>
        </>
      )}
      <dt>Intent</dt>
      <dd>{call.intent ? intentLabel(call.intent) : 'N/A'}</dd>
      <dt>Started</dt>
      <dd>{formatCallTime(call.createdAt)}</dd>
      <dt>Last updated</dt>
      <dd>{formatCallTime(call.updatedAt)}</dd>
      <dt>Call ID</dt>
      <dd>{call.callSid ?? call.id}</dd>
      <dt>Summary</dt>
      <dd>{call.summary ?? muted('No summary')}</dd>
    </dl>
  );
}
