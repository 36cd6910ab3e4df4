import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function FaqManagementScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/faq-management'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
