import { Button, Classes, Icon, Size } from '@blueprintjs/core';
import type { Call } from '@washdesk/contract';
import { CallStatusTag } from './CallStatusTag.tsx';
import { callDuration, callerName, formatCallTime } from './call-format.ts';

interface CallRowProps {
  call: Call;
  onViewDetails: (call: Call) => void;
}

export function CallRow({ call, onViewDetails }: CallRowProps) {
  return (
    <li className="call-row" aria-label={callerName(call)}>
      <div className="call-row__who">
        <CallStatusTag status={call.status} />
        <strong>{callerName(call)}</strong>
        <span className={Classes.TEXT_MUTED}>{call.phoneNumber}</span>
      </div>
      {call.summary && <p className="call-row__summary">{call.summary}</p>}
      <div className="call-row__meta">
        <span title="Duration">
          <Icon icon="stopwatch" size={12} /> {callDuration(call)}
        </span>
        <time dateTime={call.createdAt} className={Classes.TEXT_MUTED}>
          {formatCallTime(call.createdAt)}
        </time>
        <Button size={Size.SMALL} icon="eye-open" text="View Details" onClick={() => onViewDetails(call)} />
      </div>
    </li>
  );
}

/** The loading shape of a row (spec: 10 placeholders). */
export function CallRowPlaceholder() {
  return (
    <li className="call-row" aria-hidden>
      <div className="call-row__who">
        <span className={Classes.SKELETON}>completed</span>
        <strong className={Classes.SKELETON}>Customer name here</strong>
        <span className={Classes.SKELETON}>(707) 555-0100</span>
      </div>
      <p className={`call-row__summary ${Classes.SKELETON}`}>A summary of what the caller wanted.</p>
      <div className="call-row__meta">
        <span className={Classes.SKELETON}>0:00 · Jan 1, 2026, 9:00 AM</span>
      </div>
    </li>
  );
}
