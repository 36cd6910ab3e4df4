import { useState } from 'react';
import { Card, Classes, Intent, Callout } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { serviceLabel, timeLabel } from '../appointments/appointment-labels.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { AppointmentStatusTag } from '../appointments/AppointmentStatusTag.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { SchedulingSection } from './SchedulingSection.tsx';

const PAGE_SIZE = 10;

/** Spec: customer name, service type, time and status of each visit on today's date. */
export function TodayAppointments() {
  const api = useApi();
  const [offset, setOffset] = useState(0);
  const today = useQuery({
    ...appointmentQueries.list(api, { when: 'today', limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  return (
    <SchedulingSection title="Today's Appointments">
      {today.isPending ? (
        <p className={Classes.TEXT_MUTED}>Loading today’s appointments...</p>
      ) : today.isError ? (
        <Callout intent={Intent.DANGER}>Today’s appointments could not be loaded.</Callout>
      ) : today.data.total === 0 ? (
        <p className={Classes.TEXT_MUTED}>No appointments scheduled for today</p>
      ) : (
        <>
          <ul className="scheduling-rows" aria-label="Today's appointments">
            {today.data.items.map((a) => (
              <li key={a.id}>
                <Card className="scheduling-row" aria-label={a.customerName}>
                  <div className="scheduling-row__main">
                    <strong>{a.customerName}</strong>
                    <p className={Classes.TEXT_MUTED}>{serviceLabel(a.serviceType)}</p>
                  </div>
                  <span>{timeLabel(a)}</span>
                  <AppointmentStatusTag status={a.status} />
                </Card>
              </li>
            ))}
          </ul>
          <ListPager
            label="Today's appointment pages"
            total={today.data.total}
            page={offset / PAGE_SIZE}
            pageSize={PAGE_SIZE}
            onPage={(page) => setOffset(page * PAGE_SIZE)}
          />
        </>
      )}
    </SchedulingSection>
  );
}
