import { Intent, Tag } from '@blueprintjs/core';

// Spec section 4: completed, in-progress and missed; any other status gets a neutral badge.
const STATUS_INTENTS: Record<string, Intent> = {
  completed: Intent.SUCCESS,
  'in-progress': Intent.PRIMARY,
  missed: Intent.DANGER,
};

export function CallStatusTag({ status }: { status: string }) {
  return (
    <Tag minimal round intent={STATUS_INTENTS[status] ?? Intent.NONE} className="call-status">
      {status}
    </Tag>
  );
}
