import { Callout, Intent } from '@blueprintjs/core';
import { ADMIN_PAGE_HEADINGS, type AdminPagePath } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

/** An admin screen whose content comes in a later release: its real header and one line. */
export function PlannedScreen({ page, note }: { page: AdminPagePath; note: string }) {
  const heading = ADMIN_PAGE_HEADINGS[page];
  return (
    <>
      <PageHeader title={heading.title} description={heading.description} />
      <Callout intent={Intent.PRIMARY} icon="info-sign">
        {note}
      </Callout>
    </>
  );
}
