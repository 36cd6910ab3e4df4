import { Button, Intent } from '@blueprintjs/core';
import { useAppointmentDialogs } from '../appointments/AppointmentDialogs.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AllAppointments } from './AllAppointments.tsx';
import { SchedulingTiles } from './SchedulingTiles.tsx';
import { TodayAppointments } from './TodayAppointments.tsx';
import { UpcomingAppointments } from './UpcomingAppointments.tsx';
import '../appointments/appointments.css';

export function SchedulingScreen() {
  const dialogs = useAppointmentDialogs();
  return (
    <>
      <PageHeader
        page="/admin/scheduling"
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
