import { Intent, Tag } from '@blueprintjs/core';
import type { SubmissionStatus } from '@washdesk/contract';

// Spec section 4: pending yellow, reviewed blue, quoted green; anything else grey.
const STATUS_LOOK: Record<SubmissionStatus, { label: string; intent: Intent }> = {
  pending: { label: 'Pending', intent: Intent.WARNING },
  reviewed: { label: 'Reviewed', intent: Intent.PRIMARY },
  quoted: { label: 'Quoted', intent: Intent.SUCCESS },
  completed: { label: 'Completed', intent: Intent.NONE },
};

export function SubmissionStatusTag({ status }: { status: SubmissionStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Tag intent={look.intent} round minimal={status === 'completed'}>
      {look.label}
    </Tag>
  );
}
