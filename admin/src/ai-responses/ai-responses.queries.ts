import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { aiResponseSchema, aiResponseSummarySchema, intentShareSchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const aiResponsesKey = ['ai-responses'] as const;

/** Rows per page of the log; the server allows up to 200. */
export const AI_RESPONSES_PAGE_SIZE = 50;

export const aiResponseQueries = {
  all: aiResponsesKey,
  /** One page of the log, newest first; the previous page stays on screen while the next loads. */
  page: (api: ApiClient, page: number) =>
    queryOptions({
      queryKey: [...aiResponsesKey, 'page', page],
      queryFn: () =>
        api.getPage(
          `/api/ai-responses?limit=${AI_RESPONSES_PAGE_SIZE}&offset=${page * AI_RESPONSES_PAGE_SIZE}`,
          aiResponseSchema.array(),
        ),
      placeholderData: keepPreviousData,
    }),
  /** What the assistant answered during one phone call (a call's "View Details"). */
  ofCall: (api: ApiClient, callId: number) =>
    queryOptions({
      queryKey: [...aiResponsesKey, 'call', callId],
      queryFn: () => api.get(`/api/ai-responses?callId=${callId}&limit=200`, aiResponseSchema.array()),
    }),
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: [...aiResponsesKey, 'summary'],
      queryFn: () => api.get('/api/ai-responses/summary', aiResponseSummarySchema),
    }),
  intents: (api: ApiClient) =>
    queryOptions({
      queryKey: [...aiResponsesKey, 'intents'],
      queryFn: () => api.get('/api/ai-responses/intents', intentShareSchema.array()),
    }),
};
