import { channelsOf } from './channels.ts';
import { z } from 'zod';
import { requiredText } from './common.ts';
import { COMMON_RESPONSE_IDS } from './enums.ts';

export const RESPONSE_DELAY = { min: 1, max: 5, step: 0.5, default: 2 } as const;

export const aiSettingsSchema = z.object({
  friendlyTone: z.boolean({ error: 'friendlyTone must be true or false' }),
  autoScheduleQuotes: z.boolean({ error: 'autoScheduleQuotes must be true or false' }),
  photoRequestPrompts: z.boolean({ error: 'photoRequestPrompts must be true or false' }),
  /** The assistant answers customers on the Facebook page; off, only staff answer there. */
  messengerAutoReply: z.boolean({ error: 'messengerAutoReply must be true or false' }),
  /**
   * The assistant answers texts to the business number (issue 25) until staff take the thread
   * over; off by default, since each answer is a text the business pays for.
   */
  textAutoReply: z.boolean({ error: 'textAutoReply must be true or false' }),
  /** Seconds the assistant waits before replying. */
  responseDelay: z
    .number({ error: 'responseDelay must be a number of seconds' })
    .min(RESPONSE_DELAY.min, `responseDelay must be at least ${RESPONSE_DELAY.min}s`)
    .max(RESPONSE_DELAY.max, `responseDelay must be at most ${RESPONSE_DELAY.max}s`)
    .refine((n) => Number.isInteger(n / RESPONSE_DELAY.step), 'responseDelay moves in steps of 0.5s'),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/**
 * What `PUT /api/settings/ai` takes: the spec's four fields, always sent by a client written
 * against it, and the settings it does not name (Messenger and text auto-reply), which keep their
 * stored value when left out.
 */
export const aiSettingsUpdateSchema = aiSettingsSchema.extend({
  messengerAutoReply: aiSettingsSchema.shape.messengerAutoReply.optional(),
  textAutoReply: aiSettingsSchema.shape.textAutoReply.optional(),
});
export type AiSettingsUpdate = z.infer<typeof aiSettingsUpdateSchema>;

export const DEFAULT_AI_SETTINGS: AiSettings = {
  friendlyTone: true,
  autoScheduleQuotes: true,
  photoRequestPrompts: false,
  messengerAutoReply: true,
  textAutoReply: false,
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

/** Where customers can reach the assistant (`web`: the photo quotes of the public site). */
export const ASSISTANT_CHANNELS = channelsOf('phone', 'text', 'messenger', 'web');
export type AssistantChannel = (typeof ASSISTANT_CHANNELS)[number];

export const assistantChannelStateSchema = z.object({
  channel: z.enum(ASSISTANT_CHANNELS),
  /** "Phone", "Messenger", "Photo quotes". */
  name: z.string(),
  /** True only when a customer reaching this channel now gets the assistant's answer. */
  answeredByAssistant: z.boolean(),
  /** One line for the tooltip: the channel and its state, with the reason when it is not answered. */
  state: z.string(),
});
export type AssistantChannelState = z.infer<typeof assistantChannelStateSchema>;

/**
 * What the header's indicator says: which channels the assistant really answers right now,
 * computed from the configuration and from the channels this server receives on.
 */
export const assistantStatusSchema = z.object({
  /** At least one channel is answered by the assistant. */
  online: z.boolean(),
  /** Names of the channels it answers, in the channels' order. */
  answering: z.array(z.string()),
  /** Why it is offline, in a few words for the indicator; null when online. */
  offlineReason: z.string().nullable(),
  channels: z.array(assistantChannelStateSchema),
  /** What it answers from: the AI model and/or the active FAQ entries. */
  knowledge: z.string(),
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
