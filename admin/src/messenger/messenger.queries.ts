import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  conversationSchema,
  messageSchema,
  messengerSentSchema,
  recentMessageSchema,
  type MessengerSend,
} from '@washdesk/contract';
import type { ApiClient, ListPage } from '../api/api-client.ts';

/** The spec's polling (section 9): the only queries in the admin that refresh on their own. */
export const POLL_MS = { conversations: 30_000, recentMessages: 10_000, thread: 5_000 } as const;
export const CONVERSATIONS_PAGE = 50;
export const THREAD_PAGE = 50;

const messengerKey = ['messenger'] as const;

/** Pages from the newest end: page n starts n pages back. */
const nextOffset = <T>(last: ListPage<T>, pages: ListPage<T>[]) => {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
};

export const messengerQueries = {
  all: messengerKey,
  conversations: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: [...messengerKey, 'conversations'],
      queryFn: ({ pageParam }) =>
        api.getPage(
          `/api/messenger/conversations?limit=${CONVERSATIONS_PAGE}&offset=${pageParam}`,
          conversationSchema.array(),
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      refetchInterval: POLL_MS.conversations,
    }),
  /** Only the count matters: one row, and the total from X-Total-Count. */
  activeCount: (api: ApiClient) =>
    queryOptions({
      queryKey: [...messengerKey, 'conversations', 'active-count'],
      queryFn: async () =>
        (await api.getPage('/api/messenger/conversations?status=active&limit=1', conversationSchema.array()))
          .total,
      refetchInterval: POLL_MS.conversations,
    }),
  recentMessages: (api: ApiClient) =>
    queryOptions({
      queryKey: [...messengerKey, 'recent'],
      queryFn: () => api.get('/api/messenger/messages', recentMessageSchema.array()),
      refetchInterval: POLL_MS.recentMessages,
    }),
  /** The newest messages first; "Load older messages" adds the page before. */
  thread: (api: ApiClient, conversationId: number) =>
    infiniteQueryOptions({
      queryKey: [...messengerKey, 'thread', conversationId],
      queryFn: ({ pageParam }) =>
        api.getPage(
          `/api/messenger/conversations/${conversationId}/messages?limit=${THREAD_PAGE}&offset=${pageParam}`,
          messageSchema.array(),
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      refetchInterval: POLL_MS.thread,
    }),
};

export const sendMessage = (api: ApiClient, body: MessengerSend) =>
  api.send('POST', '/api/messenger/send', body, messengerSentSchema);
