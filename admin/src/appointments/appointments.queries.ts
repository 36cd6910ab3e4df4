import { queryOptions } from '@tanstack/react-query';
import {
  appointmentSchema,
  appointmentSummarySchema,
  type AppointmentCreate,
  type AppointmentStatus,
  type AppointmentUpdate,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const appointmentsKey = ['appointments'] as const;

/** A page of one of the appointment lists; `when` is resolved by the server in the business's time zone. */
export interface AppointmentListFilter {
  when?: 'today' | 'upcoming';
  status?: AppointmentStatus;
  /** Part of the customer's name, phone or address. */
  q?: string;
  limit: number;
  offset: number;
}

const listPath = (filter: AppointmentListFilter) => {
  const params = new URLSearchParams({ limit: String(filter.limit), offset: String(filter.offset) });
  if (filter.when) params.set('when', filter.when);
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return `/api/appointments?${params}`;
};

export const appointmentQueries = {
  /** Every key under this one is appointment data; invalidated after each change. */
  all: appointmentsKey,
  list: (api: ApiClient, filter: AppointmentListFilter) =>
    queryOptions({
      queryKey: [...appointmentsKey, 'list', filter],
      queryFn: () => api.getPage(listPath(filter), appointmentSchema.array()),
    }),
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: [...appointmentsKey, 'summary'],
      queryFn: () => api.get('/api/appointments/summary', appointmentSummarySchema),
    }),
};

export const scheduleAppointment = (api: ApiClient, appointment: AppointmentCreate) =>
  api.send('POST', '/api/appointments/create', appointment, appointmentSchema);

export const changeAppointment = (api: ApiClient, id: number, change: AppointmentUpdate) =>
  api.send('PUT', `/api/appointments/${id}`, change, appointmentSchema);
