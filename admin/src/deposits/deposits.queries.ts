import { queryOptions } from '@tanstack/react-query';
import { depositStandingSchema, paymentSettingsAnswerSchema, type PaymentSettings } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { paymentQueries } from '../payments/payments.queries.ts';

// Deposits (issue 35): Settings → Payments' rule, and a quote's or job's deposit as the ledger has
// it. The figures hang under the payments' root, so a live payment event (payment.received,
// payment.updated) makes every one on screen stale at once (admin/src/live/live-invalidation.ts).

export const depositQueries = {
  settings: (api: ApiClient) =>
    queryOptions({
      queryKey: ['settings', 'payments'],
      queryFn: () => api.get('/api/settings/payments', paymentSettingsAnswerSchema),
    }),
  ofQuote: (api: ApiClient, quoteId: number) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'deposit', 'quote', quoteId],
      queryFn: () => api.get(`/api/quotes/${quoteId}/deposit`, depositStandingSchema),
    }),
  ofJob: (api: ApiClient, jobId: number) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'deposit', 'job', jobId],
      queryFn: () => api.get(`/api/jobs/${jobId}/deposit`, depositStandingSchema),
    }),
};

export const savePaymentSettings = (api: ApiClient, settings: PaymentSettings) =>
  api.send('PUT', '/api/settings/payments', settings, paymentSettingsAnswerSchema);
