import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { StatCards } from './StatCards.tsx';

export function DashboardScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin'];
  return (
    <>
      <PageHeader title={heading.title} description={heading.description} />
      <StatCards />
    </>
  );
}
