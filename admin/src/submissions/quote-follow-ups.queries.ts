import { queryOptions } from '@tanstack/react-query';
import { quoteFollowUpsSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { submissionQueries } from './submission.queries.ts';

/** A sent quote's follow-ups; under the submissions' key, so quote events refetch them too. */
export const quoteFollowUpQueries = {
  of: (api: ApiClient, quoteId: number) =>
    queryOptions({
      queryKey: [...submissionQueries.all, 'quote-follow-ups', quoteId],
      queryFn: () => api.get(`/api/quotes/${quoteId}/follow-ups`, quoteFollowUpsSchema),
    }),
};

/** Staff pause a quote's follow-ups, or let the ones not yet due go again. */
export const changeQuoteFollowUps = (api: ApiClient, quoteId: number, action: 'stop' | 'resume') =>
  api.send('POST', `/api/quotes/${quoteId}/follow-ups/${action}`, {}, quoteFollowUpsSchema);
