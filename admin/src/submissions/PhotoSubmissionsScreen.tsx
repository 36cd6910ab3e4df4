import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function PhotoSubmissionsScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/photo-submissions'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
