import { queryOptions } from '@tanstack/react-query';
import {
  followThroughSettingsSchema,
  followThroughStatusSchema,
  textMessageSchema,
  textThreadSchema,
  textsStatusSchema,
} from '@washdesk/contract';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.ts';

// The Texts screen's queries; the event stream ('text.received', 'text.updated') makes them stale.

const textsKey = ['texts'] as const;
const threadWithMessages = z.object({ thread: textThreadSchema, messages: textMessageSchema.array() });

export const textQueries = {
  all: textsKey,
  status: (api: ApiClient) =>
    queryOptions({
      queryKey: [...textsKey, 'status'],
      queryFn: () => api.get('/api/texts/status', textsStatusSchema),
    }),
  threads: (api: ApiClient) =>
    queryOptions({
      queryKey: [...textsKey, 'threads'],
      queryFn: () => api.get('/api/texts/threads', textThreadSchema.array()),
    }),
  thread: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...textsKey, 'thread', id],
      queryFn: () => api.get(`/api/texts/threads/${id}`, threadWithMessages),
    }),
  settings: (api: ApiClient) =>
    queryOptions({
      queryKey: [...textsKey, 'settings'],
      queryFn: () => api.get('/api/texts/settings', followThroughSettingsSchema),
    }),
  /** What can send (texts, e-mail) and the quiet hours, beside the automatic messages' settings. */
  settingsStatus: (api: ApiClient) =>
    queryOptions({
      queryKey: [...textsKey, 'settings-status'],
      queryFn: () => api.get('/api/texts/settings/status', followThroughStatusSchema),
    }),
};
