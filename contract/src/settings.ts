import { z } from 'zod';
import { requiredText } from './common.ts';
import { COMMON_RESPONSE_IDS } from './enums.ts';

export const RESPONSE_DELAY = { min: 1, max: 5, step: 0.5, default: 2 } as const;

export const aiSettingsSchema = z.object({
  friendlyTone: z.boolean({ error: 'friendlyTone must be true or false' }),
  autoScheduleQuotes: z.boolean({ error: 'autoScheduleQuotes must be true or false' }),
  photoRequestPrompts: z.boolean({ error: 'photoRequestPrompts must be true or false' }),
  /** Seconds the assistant waits before replying. */
  responseDelay: z
    .number({ error: 'responseDelay must be a number of seconds' })
    .min(RESPONSE_DELAY.min, `responseDelay must be at least ${RESPONSE_DELAY.min}s`)
    .max(RESPONSE_DELAY.max, `responseDelay must be at most ${RESPONSE_DELAY.max}s`)
    .refine((n) => Number.isInteger(n / RESPONSE_DELAY.step), 'responseDelay moves in steps of 0.5s'),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const DEFAULT_AI_SETTINGS: AiSettings = {
  friendlyTone: true,
  autoScheduleQuotes: true,
  photoRequestPrompts: false,
  responseDelay: RESPONSE_DELAY.default,
};

export const commonResponseSchema = z.object({
  id: z.enum(COMMON_RESPONSE_IDS),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  updatedAt: z.string(),
});
export type CommonResponse = z.infer<typeof commonResponseSchema>;

export const commonResponseUpdateSchema = z.object({
  content: requiredText('Response text is required', 2000, { multiline: true }),
});
export type CommonResponseUpdate = z.input<typeof commonResponseUpdateSchema>;

/**
 * Whether the assistant can answer customers right now, and why (the header's indicator). It can
 * answer when an AI model key is set or when there are active FAQ entries to answer from.
 */
export const assistantStatusSchema = z.object({
  online: z.boolean(),
  answersFrom: z.enum(['ai-model', 'faq', 'none']),
  activeFaqEntries: z.number().int(),
  phoneConnected: z.boolean(),
  messengerConnected: z.boolean(),
  /** One short sentence per fact, for the indicator's tooltip. */
  details: z.array(z.string()),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** Settings → Telephony: read-only, from the server's environment; secrets only masked. */
export const telephonySettingsSchema = z.object({
  phone: z.object({
    connected: z.boolean(),
    accountSid: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  publicBaseUrl: z.string(),
  webhooks: z.array(z.object({ label: z.string(), path: z.string() })),
  aiProvider: z.object({
    connected: z.boolean(),
    provider: z.string(),
    maskedKey: z.string().nullable(),
    model: z.string().nullable(),
  }),
  messengerConnected: z.boolean(),
});
export type TelephonySettings = z.infer<typeof telephonySettingsSchema>;
