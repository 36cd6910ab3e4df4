import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { leadSchema, leadStageRecordSchema, type LeadChannel, type LeadStage } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const leadsKey = ['leads'] as const;
export const REQUESTS_PAGE_SIZE = 50;

export interface RequestsFilter {
  stage: LeadStage | null;
  channel: LeadChannel | null;
  q: string;
  page: number;
}

export const requestQueries = {
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
