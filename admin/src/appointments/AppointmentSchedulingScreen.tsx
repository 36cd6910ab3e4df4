import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';

export function AppointmentSchedulingScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/appointment-scheduling'];
  return <PageHeader title={heading.title} description={heading.description} />;
}
