import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  disputeSchema,
  paymentSchema,
  REFUND_KEY_HEADER,
  refundableSchema,
  refundAnswerSchema,
  type PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
  type RefundRequest,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

// The payments screens' query keys (issue 35): the ledger, invoices and disputes all hang under
// one root, so a live payment event makes every money figure on screen stale at once.

const paymentsKey = ['payments'] as const;

/** The Payments screen's filters; '' is "any". */
export interface PaymentFilters {
  kind: PaymentKind | '';
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  from: string;
  to: string;
}

export const paymentQueries = {
  all: paymentsKey,
  /** One page of the ledger, newest first. */
  list: (api: ApiClient, f: PaymentFilters & { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [...paymentsKey, 'list', f],
      queryFn: () => {
        const query = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset) });
        for (const key of ['kind', 'status', 'method', 'from', 'to'] as const)
          if (f[key]) query.set(key, f[key]);
        return api.getPage(`/api/payments?${query}`, paymentSchema.array());
      },
      placeholderData: keepPreviousData,
    }),
  one: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...paymentsKey, 'one', id],
      queryFn: () => api.get(`/api/payments/${id}`, paymentSchema),
    }),
  refundable: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...paymentsKey, 'refundable', id],
      queryFn: () => api.get(`/api/payments/${id}/refundable`, refundableSchema),
    }),
  disputes: (api: ApiClient, page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [...paymentsKey, 'disputes', page],
      queryFn: () =>
        api.getPage(`/api/disputes?limit=${page.limit}&offset=${page.offset}`, disputeSchema.array()),
      placeholderData: keepPreviousData,
    }),
};

/**
 * "Refund": the dialog makes one key when it opens, so a double click or a retry after a lost
 * answer is the same refund at the server (and at Stripe), never a second one.
 */
export const refundPayment = (api: ApiClient, id: number, refund: RefundRequest, key: string) =>
  api.send('POST', `/api/payments/${id}/refund`, refund, refundAnswerSchema, { [REFUND_KEY_HEADER]: key });

/** Where the evidence packet downloads from (a plain link: the browser saves the ZIP). */
export const evidenceUrl = (api: ApiClient, disputeId: number) =>
  `${api.baseUrl}/api/disputes/${disputeId}/evidence.zip`;
