import { useState } from 'react';
import { Button, Callout, Card, Classes, Intent } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { dateLabel, serviceLabel, timeLabel } from '../appointments/appointment-labels.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { AppointmentStatusTag } from '../appointments/AppointmentStatusTag.tsx';
import { ContactMenu } from '../components/ContactMenu.tsx';
import { AppointmentSearch } from '../appointments/AppointmentSearch.tsx';
import { ListPager } from '../components/ListPager.tsx';
import { useDebounced } from '../appointments/use-debounced.ts';
import { SchedulingSection } from './SchedulingSection.tsx';

const PAGE_SIZE = 20;
/** Spec 9: the Scheduling page shows 8 placeholder cards while it loads. */
const PLACEHOLDER_COUNT = 8;

/** Every appointment, latest date first, a page at a time from the server. */
export function AllAppointments({ onEdit }: { onEdit: (a: Appointment) => void }) {
  const api = useApi();
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const all = useQuery({
    ...appointmentQueries.list(api, { q, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  return (
    <SchedulingSection title="All Appointments">
      <AppointmentSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setOffset(0);
        }}
      />
      {all.isPending ? (
        <div className="scheduling-rows" aria-busy="true" aria-label="Loading appointments">
          {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
            <Card key={i} className={`scheduling-placeholder ${Classes.SKELETON}`} />
          ))}
        </div>
      ) : all.isError ? (
        <Callout intent={Intent.DANGER}>The appointments could not be loaded.</Callout>
      ) : all.data.total === 0 && q ? (
        <p className={Classes.TEXT_MUTED}>No appointments match “{q}”</p>
      ) : all.data.total === 0 ? (
        <p className={Classes.TEXT_MUTED}>No appointments scheduled yet</p>
      ) : (
        <>
          <ul className="scheduling-rows" aria-label="All appointments" aria-busy={all.isFetching}>
            {all.data.items.map((a) => (
              <li key={a.id}>
                <Card className="scheduling-row" aria-label={a.customerName}>
                  <div className="scheduling-row__main">
                    <strong>{a.customerName}</strong> · {serviceLabel(a.serviceType)}
                    <p className={Classes.TEXT_MUTED}>
                      {dateLabel(a.scheduledDate)} · {timeLabel(a)}
                    </p>
                    {a.notes && <p className={Classes.TEXT_MUTED}>{a.notes}</p>}
                    {a.status === 'cancelled' && a.cancelReason && (
                      <p className={Classes.TEXT_MUTED}>Reason for cancelling: {a.cancelReason}</p>
                    )}
                  </div>
                  <AppointmentStatusTag status={a.status} />
                  <div className="scheduling-row__actions">
                    <Button icon="edit" text="Edit" size="small" onClick={() => onEdit(a)} />
                    <ContactMenu
                      name={a.customerName}
                      phone={a.customerPhone}
                      email={a.customerEmail}
                      small
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <ListPager
            label="All appointment pages"
            total={all.data.total}
            page={offset / PAGE_SIZE}
            pageSize={PAGE_SIZE}
            onPage={(page) => setOffset(page * PAGE_SIZE)}
          />
        </>
      )}
    </SchedulingSection>
  );
}
