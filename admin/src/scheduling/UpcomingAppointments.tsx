import { Button, Callout, Card, Classes, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { dateLabel, serviceLabel, timeLabel } from '../appointments/appointment-labels.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { AppointmentStatusTag } from '../appointments/AppointmentStatusTag.tsx';
import { SchedulingSection } from './SchedulingSection.tsx';

/** Spec 9: the upcoming list shows 5. */
const UPCOMING_COUNT = 5;

/** The next five visits still to do, soonest first (after today, in the business's time zone). */
export function UpcomingAppointments({ onViewDetails }: { onViewDetails: (a: Appointment) => void }) {
  const api = useApi();
  const upcoming = useQuery(
    appointmentQueries.list(api, { when: 'upcoming', status: 'scheduled', limit: UPCOMING_COUNT, offset: 0 }),
  );
  const more = upcoming.data ? upcoming.data.total - upcoming.data.items.length : 0;
  return (
    <SchedulingSection
      title="Upcoming Appointments"
      subtitle={more > 0 ? `The next ${UPCOMING_COUNT} of ${upcoming.data?.total} still to do` : undefined}
    >
      {upcoming.isPending ? (
        <p className={Classes.TEXT_MUTED}>Loading upcoming appointments...</p>
      ) : upcoming.isError ? (
        <Callout intent={Intent.DANGER}>Upcoming appointments could not be loaded.</Callout>
      ) : upcoming.data.total === 0 ? (
        <p className={Classes.TEXT_MUTED}>No upcoming appointments</p>
      ) : (
        <ul className="scheduling-rows" aria-label="Upcoming appointments">
          {upcoming.data.items.map((a) => (
            <li key={a.id}>
              <Card className="scheduling-row" aria-label={a.customerName}>
                <div className="scheduling-row__main">
                  <strong>{a.customerName}</strong>
                  <p className={Classes.TEXT_MUTED}>
                    {dateLabel(a.scheduledDate)} · {timeLabel(a)} · {serviceLabel(a.serviceType)}
                  </p>
                </div>
                <AppointmentStatusTag status={a.status} />
                <Button text="View Details" size="small" onClick={() => onViewDetails(a)} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </SchedulingSection>
  );
}
