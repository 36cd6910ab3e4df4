import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function CallLogsScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/call-logs'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
