import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  invoiceRowSchema,
  invoiceSchema,
  type InvoiceStatus,
  type RecordPayment,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { paymentQueries } from '../payments/payments.queries.ts';

// Invoices hang under the payments root: a live payment event (payment.received, payment.updated)
// makes every invoice figure on screen stale at once.
export const invoicesKey = [...paymentQueries.all, 'invoices'] as const;
export const INVOICES_PAGE_SIZE = 25;

export const invoiceQueries = {
  all: invoicesKey,
  list: (api: ApiClient, f: { status: InvoiceStatus | ''; page: number }) =>
    queryOptions({
      queryKey: [...invoicesKey, 'list', f],
      queryFn: () => {
        const query = new URLSearchParams({
          limit: String(INVOICES_PAGE_SIZE),
          offset: String(f.page * INVOICES_PAGE_SIZE),
        });
        if (f.status) query.set('status', f.status);
        return api.getPage(`/api/invoices?${query}`, invoiceRowSchema.array());
      },
      placeholderData: keepPreviousData,
    }),
  one: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...invoicesKey, 'one', id],
      queryFn: () => api.get(`/api/invoices/${id}`, invoiceSchema),
    }),
};

export const recordPayment = (api: ApiClient, id: number, payment: RecordPayment) =>
  api.send('POST', `/api/invoices/${id}/payments`, payment, invoiceSchema);
export const sendInvoiceAgain = (api: ApiClient, id: number) =>
  api.send('POST', `/api/invoices/${id}/send`, undefined, invoiceSchema);
export const voidInvoice = (api: ApiClient, id: number, reason: string) =>
  api.send('POST', `/api/invoices/${id}/void`, { reason }, invoiceSchema);
export const createInvoice = (api: ApiClient, jobId: number) =>
  api.send('POST', `/api/jobs/${jobId}/invoice`, undefined, invoiceSchema);
