import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  leadEstimateBookedSchema,
  leadSchema,
  leadStageRecordSchema,
  type AppointmentCreate,
  type LeadChannel,
  type LeadStage,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const leadsKey = ['leads'] as const;
export const REQUESTS_PAGE_SIZE = 50;

export interface RequestsFilter {
  stage: LeadStage | null;
  channel: LeadChannel | null;
  q: string;
  page: number;
}

export const leadQueries = {
  all: leadsKey,
  page: (api: ApiClient, f: RequestsFilter) => {
    const params = new URLSearchParams({
      limit: String(REQUESTS_PAGE_SIZE),
      offset: String(f.page * REQUESTS_PAGE_SIZE),
    });
    if (f.stage) params.set('stage', f.stage);
    if (f.channel) params.set('channel', f.channel);
    if (f.q.trim()) params.set('q', f.q.trim());
    return queryOptions({
      queryKey: [...leadsKey, 'page', f],
      queryFn: () => api.getPage(`/api/leads?${params}`, leadSchema.array()),
      placeholderData: keepPreviousData,
    });
  },
  history: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...leadsKey, 'history', id],
      queryFn: () => api.get(`/api/leads/${id}/history`, leadStageRecordSchema.array()),
      staleTime: 0,
    }),
};

/** "Book estimate": the visit and the lead's move to "estimate booked", in one request. */
export const bookEstimate = (api: ApiClient, leadId: number, appointment: AppointmentCreate) =>
  api.send('POST', `/api/leads/${leadId}/estimate`, appointment, leadEstimateBookedSchema);
