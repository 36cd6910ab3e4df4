import type { ReactNode } from 'react';
import { Classes, H1, Intent, Tag } from '@blueprintjs/core';

interface PageHeaderProps {
  title: string;
  description?: string;
  /** A button (or group) at the header's end, e.g. "Schedule Appointment". */
  action?: ReactNode;
}

/** The header every admin page has; the assistant indicator is always shown (spec: Admin shell). */
export function PageHeader({ title, description, action }: PageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div className="admin-page-header__text">
        <H1 className="admin-page-header__title">{title}</H1>
        {description && <p className={Classes.TEXT_MUTED}>{description}</p>}
      </div>
      <div className="admin-page-header__end">
        <Tag intent={Intent.SUCCESS} minimal round icon="dot">
          AI Assistant Online
        </Tag>
        {action}
      </div>
    </header>
  );
}
