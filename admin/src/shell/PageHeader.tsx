import type { ReactNode } from 'react';
import { Classes, H1 } from '@blueprintjs/core';
import { ADMIN_PAGE_HEADINGS, type AdminPagePath } from './admin-pages.ts';
import { AssistantStatusTag } from './AssistantStatusTag.tsx';

type PageHeaderProps = (
  | {
      /** The page whose title and description (spec section 2) the header shows. */
      page: AdminPagePath;
    }
  | {
      /** A record's own page (a customer's timeline) names its record. */
      title: string;
      description?: string;
    }
) & {
  /** A button (or group) at the header's end, e.g. "Schedule Appointment". */
  action?: ReactNode;
};

/** The header every admin page has; the assistant's status is always shown (spec: Admin shell). */
export function PageHeader(props: PageHeaderProps) {
  const { title, description } = 'page' in props ? ADMIN_PAGE_HEADINGS[props.page] : props;
  const { action } = props;
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
