import { useState } from 'react';
import { Button, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AppointmentCard } from './AppointmentCard.tsx';
import { AppointmentSearch } from './AppointmentSearch.tsx';
import { useAppointmentDialogs } from './AppointmentDialogs.tsx';
import { useLinkedAppointment } from './linked-appointment.ts';
import { appointmentQueries } from './appointments.queries.ts';
import { ListPager } from '../components/ListPager.tsx';
import { useDebounced } from './use-debounced.ts';
import './appointments.css';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { useSeenOnOpen } from '../live/new-for-me.ts';

const PAGE_SIZE = 20;

export function AppointmentSchedulingScreen() {
  const api = useApi();
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  // The old page stays on screen while the next one loads, so paging does not flash.
  const list = useQuery({
    ...appointmentQueries.list(api, { q, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const dialogs = useAppointmentDialogs();
  useLinkedAppointment(dialogs.showDetails);
  // Visits customers moved or cancelled show on their cards here: opening the list sees them.
  useSeenOnOpen('visits');

  return (
    <>
      <PageHeader
        page="/admin/appointment-scheduling"
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="plus"
            text="Schedule Appointment"
            onClick={dialogs.schedule}
          />
        }
      />
      <AppointmentSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setOffset(0);
        }}
      />
      {list.isPending ? (
        <div className="appointments-loading" aria-busy="true">
          <Spinner size={20} />
          <span>Loading appointments...</span>
        </div>
      ) : list.isError ? (
        <LoadFailed title="The appointments could not be loaded" />
      ) : list.data.total === 0 && q ? (
        <NonIdealState icon="search" title={`No appointments match “${q}”`} />
      ) : list.data.total === 0 ? (
        <NonIdealState
          icon="calendar"
          title="No appointments scheduled yet"
          description="Appointments booked by the AI assistant during phone calls appear here automatically."
        />
      ) : (
        <>
          <div
            className="appointment-cards"
            role="list"
            aria-label="Appointments"
            aria-busy={list.isFetching}
          >
            {list.data.items.map((appointment) => (
              <AppointmentCard key={appointment.id} appointment={appointment} onEdit={dialogs.edit} />
            ))}
          </div>
          <ListPager
            label="Appointment pages"
            total={list.data.total}
            page={offset / PAGE_SIZE}
            pageSize={PAGE_SIZE}
            onPage={(page) => setOffset(page * PAGE_SIZE)}
          />
        </>
      )}
      {dialogs.dialogs}
    </>
  );
}
