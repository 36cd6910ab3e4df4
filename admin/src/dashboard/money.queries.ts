import { queryOptions } from '@tanstack/react-query';
import { weeklyMoneySchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { paymentQueries } from '../payments/payments.queries.ts';

/**
 * The dashboard's money card. Its key hangs under the payments' root, so a live payment event
 * (which refreshes that root) makes it stale with every other money figure on screen.
 */
export const dashboardMoneyQueries = {
  weeks: (api: ApiClient) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'dashboard-money'],
      queryFn: () => api.get('/api/dashboard/money', weeklyMoneySchema.array()),
    }),
};
