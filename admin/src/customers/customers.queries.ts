import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_ITEM_KINDS,
  CUSTOMER_ITEM_NOUNS,
  customerItemSchema,
  customerSummarySchema,
  customerTownSchema,
  possibleDuplicateSchema,
  type BalanceFilter,
  type LastServiceFilter,
  type CustomerSummary,
  type CustomerUpdate,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const customersKey = ['customers'] as const;
export const TIMELINE_PAGE_SIZE = 50;
export const SEARCH_RESULTS = 8;

export const customerQueries = {
  all: customersKey,
  one: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...customersKey, 'one', id],
      queryFn: () => api.get(`/api/customers/${id}`, customerSummarySchema),
    }),
  timeline: (api: ApiClient, id: number, page: number) =>
    queryOptions({
      queryKey: [...customersKey, 'timeline', id, page],
      queryFn: () =>
        api.getPage(
          `/api/customers/${id}/timeline?limit=${TIMELINE_PAGE_SIZE}&offset=${page * TIMELINE_PAGE_SIZE}`,
          customerItemSchema.array(),
        ),
      placeholderData: keepPreviousData,
    }),
  possibleDuplicates: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...customersKey, 'possible-duplicates', id],
      queryFn: () => api.get(`/api/customers/${id}/possible-duplicates`, possibleDuplicateSchema.array()),
    }),
  /** The Customers screen's page of the whole list, filtered. */
  list: (
    api: ApiClient,
    f: {
      q: string;
      town: string;
      lastService: LastServiceFilter | '';
      balance?: BalanceFilter | '';
      limit: number;
      offset: number;
    },
  ) =>
    queryOptions({
      queryKey: [...customersKey, 'list', f],
      queryFn: () => {
        const query = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset) });
        if (f.q) query.set('q', f.q);
        if (f.town) query.set('town', f.town);
        if (f.lastService) query.set('lastService', f.lastService);
        if (f.balance) query.set('balance', f.balance);
        return api.getPage(`/api/customers?${query}`, customerSummarySchema.array());
      },
      placeholderData: keepPreviousData,
    }),
  towns: (api: ApiClient) =>
    queryOptions({
      queryKey: [...customersKey, 'towns'],
      queryFn: () => api.get('/api/customers/towns', customerTownSchema.array()),
    }),
  search: (api: ApiClient, q: string) =>
    queryOptions({
      queryKey: [...customersKey, 'search', q],
      queryFn: () =>
        api.getPage(
          `/api/customers?limit=${SEARCH_RESULTS}&q=${encodeURIComponent(q)}`,
          customerSummarySchema.array(),
        ),
      enabled: q.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
};

export const updateCustomer = (api: ApiClient, id: number, contact: CustomerUpdate) =>
  api.send('PUT', `/api/customers/${id}`, contact, customerSummarySchema);

export const mergeCustomers = (api: ApiClient, id: number, otherId: number) =>
  api.send('POST', `/api/customers/${id}/merge`, { otherId }, customerSummarySchema);

const nothing = { parse: () => undefined };
/** "Not the same person": the pair is not suggested again. */
export const dismissDuplicate = (api: ApiClient, id: number, otherId: number) =>
  api.send('DELETE', `/api/customers/${id}/possible-duplicates/${otherId}`, undefined, nothing);

/** "2 requests · 1 call": what the record holds, in the office's words. */
export function holdingsOf(customer: Pick<CustomerSummary, 'counts'>): string {
  return CUSTOMER_ITEM_KINDS.filter((k) => customer.counts[k] > 0)
    .map((k) => `${customer.counts[k]} ${CUSTOMER_ITEM_NOUNS[k][customer.counts[k] === 1 ? 0 : 1]}`)
    .join(' · ');
}

/** The name staff know the record by; a caller who never said it is their number. */
export const customerLabel = (c: Pick<CustomerSummary, 'name' | 'phone' | 'email' | 'id'>) =>
  c.name ?? c.phone ?? c.email ?? `Customer ${c.id}`;
