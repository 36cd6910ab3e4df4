import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function AiResponsesScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/ai-responses'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
