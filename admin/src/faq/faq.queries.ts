import { queryOptions } from '@tanstack/react-query';
import { faqEntrySchema, type FaqEntryInput } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const faqKey = ['faq'] as const;

export const faqQueries = {
  all: faqKey,
  /** The whole knowledge base: a few hundred entries at most, so one call. */
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...faqKey, 'list'],
      queryFn: () => api.get('/api/faq', faqEntrySchema.array()),
    }),
};

const nothing = { parse: () => undefined };

export const createFaqEntry = (api: ApiClient, entry: FaqEntryInput) =>
  api.send('POST', '/api/faq', entry, faqEntrySchema);

export const updateFaqEntry = (api: ApiClient, id: number, entry: FaqEntryInput) =>
  api.send('PUT', `/api/faq/${id}`, entry, faqEntrySchema);

export const deleteFaqEntry = (api: ApiClient, id: number) =>
  api.send('DELETE', `/api/faq/${id}`, undefined, nothing);
