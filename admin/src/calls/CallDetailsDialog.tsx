import { Callout, Classes, Dialog, DialogBody, H5, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Call } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { aiResponseQueries } from '../ai-responses/ai-responses.queries.ts';
import { intentLabel } from '../ai-responses/intent-labels.ts';
import { CallStatusTag } from './CallStatusTag.tsx';
import { callDuration, callerName, formatCallTime } from './call-format.ts';

interface CallDetailsDialogProps {
  /** The call on show; null when the dialog is closed. */
  call: Call | null;
  onClose: () => void;
}

/** "View Details": the whole stored call, and what the assistant said during it. */
export function CallDetailsDialog({ call, onClose }: CallDetailsDialogProps) {
  return (
    <Dialog
      title={call ? `Call from ${callerName(call)}` : 'Call details'}
      icon="phone"
      isOpen={call !== null}
      onClose={onClose}
      className="call-details"
    >
      {call && (
        <DialogBody>
          <dl className="call-details__fields">
            <dt>Status</dt>
            <dd>
              <CallStatusTag status={call.status} />
            </dd>
            <dt>Customer</dt>
            <dd>{call.customerName ?? <span className={Classes.TEXT_MUTED}>Not given</span>}</dd>
            <dt>Phone number</dt>
            <dd>{call.phoneNumber}</dd>
            <dt>Duration</dt>
            <dd>{callDuration(call)}</dd>
            <dt>Intent</dt>
            <dd>{call.intent ? intentLabel(call.intent) : 'N/A'}</dd>
            <dt>Started</dt>
            <dd>{formatCallTime(call.createdAt)}</dd>
            <dt>Last updated</dt>
            <dd>{formatCallTime(call.updatedAt)}</dd>
            <dt>Call ID</dt>
            <dd>{call.callSid ?? call.id}</dd>
            <dt>Summary</dt>
            <dd>{call.summary ?? <span className={Classes.TEXT_MUTED}>No summary</span>}</dd>
          </dl>
          <CallConversation callId={call.id} />
        </DialogBody>
      )}
    </Dialog>
  );
}

function CallConversation({ callId }: { callId: number }) {
  const api = useApi();
  const answers = useQuery(aiResponseQueries.ofCall(api, callId));
  return (
    <section aria-label="Conversation">
      <H5>Conversation</H5>
      {answers.isPending && <Spinner size={20} aria-label="Loading the conversation" />}
      {answers.isError && (
        <Callout intent={Intent.DANGER}>The conversation could not be loaded. Try again later.</Callout>
      )}
      {answers.data?.length === 0 && (
        <p className={Classes.TEXT_MUTED}>No assistant answers were stored for this call.</p>
      )}
      {answers.data && answers.data.length > 0 && (
        <ol className="call-details__conversation">
          {/* Oldest first: a conversation reads top to bottom. */}
          {[...answers.data].reverse().map((answer) => (
            <li key={answer.id}>
              <p>
                <strong>Caller:</strong> {answer.customerMessage}
              </p>
              <p>
                <strong>Assistant:</strong> {answer.aiResponse}
              </p>
              <Tag minimal>{intentLabel(answer.intent)}</Tag>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
