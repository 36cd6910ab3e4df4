import type { ReactNode } from 'react';
import { Classes, H1 } from '@blueprintjs/core';
import { AssistantStatusTag } from './AssistantStatusTag.tsx';

interface PageHeaderProps {
  title: string;
  description?: string;
  /** A button (or group) at the header's end, e.g. "Schedule Appointment". */
  action?: ReactNode;
}

/** The header every admin page has; the assistant's status is always shown (spec: Admin shell). */
export function PageHeader({ title, description, action }: PageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div className="admin-page-header__text">
        <H1 className="admin-page-header__title">{title}</H1>
        {description && <p className={Classes.TEXT_MUTED}>{description}</p>}
      </div>
      <div className="admin-page-header__end">
        <AssistantStatusTag />
        {action}
      </div>
    </header>
  );
}
