import { Button, Intent } from '@blueprintjs/core';
import { useAppointmentDialogs } from '../appointments/AppointmentDialogs.tsx';
import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AllAppointments } from './AllAppointments.tsx';
import { SchedulingTiles } from './SchedulingTiles.tsx';
import { TodayAppointments } from './TodayAppointments.tsx';
import { UpcomingAppointments } from './UpcomingAppointments.tsx';
import '../appointments/appointments.css';

export function SchedulingScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/scheduling'];
  const dialogs = useAppointmentDialogs();
  return (
    <>
      <PageHeader
        title={heading.title}
        description={heading.description}
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="plus"
            text="Schedule Appointment"
            onClick={dialogs.schedule}
          />
        }
      />
      <SchedulingTiles />
      <div className="scheduling-columns">
        <TodayAppointments />
        <UpcomingAppointments onViewDetails={dialogs.showDetails} />
      </div>
      <AllAppointments onEdit={dialogs.edit} />
      {dialogs.dialogs}
    </>
  );
}
