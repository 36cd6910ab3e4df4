import { Button, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { RainDayButton } from '../schedule-tools/RainDayButton.tsx';
import { RouteButton } from '../schedule-tools/RouteButton.tsx';
import { useAppointmentDialogs } from '../appointments/AppointmentDialogs.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AllAppointments } from './AllAppointments.tsx';
import { SchedulingTiles } from './SchedulingTiles.tsx';
import { TodayAppointments } from './TodayAppointments.tsx';
import { UpcomingAppointments } from './UpcomingAppointments.tsx';
import '../appointments/appointments.css';

export function SchedulingScreen() {
  const dialogs = useAppointmentDialogs();
  // The business's today (its time zone, from the server): the day the tools open on.
  const today = useQuery(appointmentQueries.summary(useApi())).data?.date;
  return (
    <>
      <PageHeader
        page="/admin/scheduling"
        action={
          <>
            {today && <RainDayButton date={today} />}
            {today && <RouteButton date={today} />}
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Schedule Appointment"
              onClick={dialogs.schedule}
            />
          </>
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
