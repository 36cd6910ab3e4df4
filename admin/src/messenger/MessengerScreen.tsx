import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function MessengerScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/messenger-conversations'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
