import { Button, Classes, Intent, Size, Tag } from '@blueprintjs/core';
import type { Call } from '@washdesk/contract';
import { CallBackButton } from './CallBackButton.tsx';
import { CallStatusTag } from './CallStatusTag.tsx';
import { callDuration, callerName, formatCallTime } from './call-format.ts';

interface CallRowProps {
  call: Call;
  onViewDetails: (call: Call) => void;
}

/** One call as a row of the Call Logs table. */
export function CallRow({ call, onViewDetails }: CallRowProps) {
  return (
    <tr>
      <td className="call-table__status">
        <CallStatusTag status={call.status} />
        {call.callbackRequested && <CallbackRequestedTag />}
      </td>
      <td>
        <strong>{callerName(call)}</strong>
      </td>
      <td className="call-table__number">{call.phoneNumber}</td>
      <td className="call-table__summary">
        {call.summary ?? <span className={Classes.TEXT_MUTED}>No summary</span>}
      </td>
      <td className="call-table__duration">{callDuration(call)}</td>
      <td className="call-table__time">
        <time dateTime={call.createdAt}>{formatCallTime(call.createdAt)}</time>
      </td>
      <td className="call-table__actions">
        <div>
          <CallBackButton call={call} small />
          <Button size={Size.SMALL} icon="eye-open" text="View Details" onClick={() => onViewDetails(call)} />
        </div>
      </td>
    </tr>
  );
}

/** The caller asked for a person and nobody could take the call: someone owes them a call. */
export function CallbackRequestedTag() {
  return (
    <Tag minimal intent={Intent.WARNING}>
      Callback requested
    </Tag>
  );
}

/** The loading shape of a row (spec: 10 placeholders). */
export function CallRowPlaceholder() {
  const bone = (text: string) => <span className={Classes.SKELETON}>{text}</span>;
  return (
    <tr aria-hidden>
      <td>{bone('completed')}</td>
      <td>{bone('Customer name')}</td>
      <td>{bone('+17075550100')}</td>
      <td>{bone('A summary of what the caller wanted.')}</td>
      <td className="call-table__duration">{bone('0:00')}</td>
      <td>{bone('Jan 1, 2026, 9:00 AM')}</td>
      <td>{bone('Call back · View Details')}</td>
    </tr>
  );
}
