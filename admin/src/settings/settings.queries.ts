import { queryOptions } from '@tanstack/react-query';
import {
  backupStatusSchema,
  aiSettingsSchema,
  businessHoursSchema,
  commonResponseSchema,
  telephonySettingsSchema,
  type AiSettings,
  type BusinessHours,
  type CommonResponseId,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

/** Backups' root key: a backup.failed event makes it stale (live-invalidation.ts). */
export const backupQueries = { all: ['backups'] as const };

export const settingsQueries = {
  ai: (api: ApiClient) =>
    queryOptions({
      queryKey: ['settings', 'ai'],
      queryFn: () => api.get('/api/settings/ai', aiSettingsSchema),
    }),
  commonResponses: (api: ApiClient) =>
    queryOptions({
      queryKey: ['settings', 'responses'],
      queryFn: () => api.get('/api/settings/responses', commonResponseSchema.array()),
    }),
  backups: (api: ApiClient) =>
    queryOptions({
      queryKey: [...backupQueries.all, 'status'],
      queryFn: () => api.get('/api/backups/status', backupStatusSchema),
    }),
  businessHours: (api: ApiClient) =>
    queryOptions({
      queryKey: ['settings', 'business-hours'],
      queryFn: () => api.get('/api/settings/business-hours', businessHoursSchema),
    }),
  telephony: (api: ApiClient) =>
    queryOptions({
      queryKey: ['settings', 'telephony'],
      queryFn: () => api.get('/api/settings/telephony', telephonySettingsSchema),
    }),
};

/** The screen always sends the full settings (spec 4), so the server replaces them whole. */
export const saveAiSettings = (api: ApiClient, settings: AiSettings) =>
  api.send('PUT', '/api/settings/ai', settings, aiSettingsSchema);

export const saveCommonResponse = (api: ApiClient, id: CommonResponseId, content: string) =>
  api.send('PUT', `/api/settings/responses/${id}`, { content }, commonResponseSchema);

export const saveBusinessHours = (api: ApiClient, hours: BusinessHours) =>
  api.send('PUT', '/api/settings/business-hours', hours, businessHoursSchema);
