import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { appointmentSchema, type Appointment } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { appointmentQueries } from './appointments.queries.ts';

const ID = /^[1-9]\d{0,14}$/;

/**
 * `?appointment=ID` opens that appointment's details: the way in from elsewhere (a phone call's
 * "Open the appointment"). The parameter is dropped once opened, so closing the dialog leaves a
 * plain list, and Back still returns to where the link was.
 */
export function useLinkedAppointment(showDetails: (appointment: Appointment) => void) {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const raw = params.get('appointment');
  const id = raw && ID.test(raw) ? Number(raw) : null;
  const linked = useQuery({
    queryKey: [...appointmentQueries.all, 'one', id],
    queryFn: () => api.get(`/api/appointments/${id}`, appointmentSchema),
    enabled: id !== null,
  });
  const opened = linked.data;
  const failed = raw !== null && (id === null || linked.isError);

  // Once per link: the address changes in a transition, so renders with the old one still come.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (raw === null) handled.current = null;
    if ((!opened && !failed) || handled.current === raw) return;
    handled.current = raw;
    if (opened) showDetails(opened);
    else
      showToast({ intent: 'warning', icon: 'warning-sign', message: 'That appointment could not be found.' });
    setParams(
      (p) => {
        p.delete('appointment');
        return p;
      },
      { replace: true },
    );
  }, [raw, opened, failed, showDetails, setParams]);
}
