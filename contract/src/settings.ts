import { z } from 'zod';
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
  content: z
    .string({ error: 'Response text is required' })
    .trim()
    .min(1, 'Response text is required')
    .max(2000, 'Must be at most 2000 characters'),
});
export type CommonResponseUpdate = z.input<typeof commonResponseUpdateSchema>;
