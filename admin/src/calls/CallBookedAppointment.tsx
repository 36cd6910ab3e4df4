import { Callout, Classes, H5, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Call } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { dateLabel, serviceLabel, timeLabel } from '../appointments/appointment-labels.ts';
import { AppointmentStatusTag } from '../appointments/AppointmentStatusTag.tsx';
import { routerPath } from '../shell/admin-pages.ts';
import { callQueries } from './calls.queries.ts';

/** The free estimate the assistant booked during the call, with the way to it on the schedule. */
export function CallBookedAppointment({ call }: { call: Call }) {
  const api = useApi();
  const appointmentId = call.appointmentId;
  const booked = useQuery({
    ...callQueries.bookedAppointment(api, appointmentId ?? 0),
    enabled: appointmentId !== null,
  });
  if (appointmentId === null) return null;
  const a = booked.data;
  return (
    <section aria-label="Booked appointment" className="call-details__appointment">
      <H5>Booked appointment</H5>
      {booked.isPending && <Spinner size={20} aria-label="Loading the appointment" />}
      {booked.isError && (
        <Callout intent={Intent.WARNING}>The appointment this call booked could not be loaded.</Callout>
      )}
      {a && (
        <>
          <dl className="call-details__fields">
            <dt>Service</dt>
            <dd>{serviceLabel(a.serviceType)}</dd>
            <dt>Date</dt>
            <dd>{dateLabel(a.scheduledDate)}</dd>
            <dt>Time</dt>
            <dd>{timeLabel(a)}</dd>
            <dt>Address</dt>
            <dd>{a.address}</dd>
            <dt>Status</dt>
            <dd>
              <AppointmentStatusTag status={a.status} />
            </dd>
          </dl>
          <Link
            className={Classes.BUTTON}
            to={`${routerPath('/admin/appointment-scheduling')}?appointment=${a.id}`}
          >
            Open the appointment
          </Link>
        </>
      )}
    </section>
  );
}
