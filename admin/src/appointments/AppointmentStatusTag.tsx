import { Tag } from '@blueprintjs/core';
import { statusIntent, statusLabel } from './appointment-labels.ts';

export function AppointmentStatusTag({ status }: { status: string }) {
  return (
    <Tag intent={statusIntent(status)} round minimal>
      {statusLabel(status)}
    </Tag>
  );
}
