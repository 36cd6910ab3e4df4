import { z } from 'zod';
import { CANONICAL_ID } from './common.ts';
import { AI_ANSWER_SOURCES, AI_INTENTS, AI_RESPONSE_CHANNELS, CALL_STATUSES } from './enums.ts';

export const callSchema = z.object({
  id: z.number().int(),
  callSid: z.string().nullable(),
  customerName: z.string().nullable(),
  phoneNumber: z.string(),
  status: z.string(),
  summary: z.string().nullable(),
  /** "m:ss" for people; null shows as "N/A". */
  duration: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  intent: z.string().nullable(),
  /** The caller asked for a person and nobody could be put through: staff owe a call back. */
  callbackRequested: z.boolean(),
  /** The call-back task: why the caller is owed a call, and whether it is urgent (null: none owed). */
  callBack: z.object({ reason: z.string().nullable(), urgent: z.boolean() }).nullable(),
  /** The number the caller was put through to, when they asked for a person. */
  forwardedTo: z.string().nullable(),
  /** The free estimate booked during the call, if any. */
  appointmentId: z.number().int().nullable(),
  /**
   * The message the caller left (a call-back task); its audio is played through
   * `GET /api/calls/:id/recording`, never from Twilio's address.
   */
  voicemail: z
    .object({
      durationSeconds: z.number().int().nullable(),
      /** Twilio's transcription, when it sent one. */
      transcript: z.string().nullable(),
    })
    .nullable(),
  /** Why the line hung up without an assistant turn: a blocked number, or a caller id that failed verification. */
  screened: z.enum(['blocked', 'unverified']).nullable(),
  /** Whether the caller's number is on the blocked list now. */
  numberBlocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Call = z.infer<typeof callSchema>;
export const KNOWN_CALL_STATUSES = CALL_STATUSES;

/** Call Logs' filters: a status, and/or only the calls whose caller is owed a call back. */
export const callListQuerySchema = z.object({
  status: z.enum(CALL_STATUSES, { error: 'Unknown status' }).optional(),
  callbackRequested: z
    .enum(['true', 'false'], { error: 'callbackRequested must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type CallListQuery = z.output<typeof callListQuerySchema>;

/** The counts beside Call Logs' filters, over the whole log. */
export const callCountsSchema = z.object({
  all: z.number().int(),
  missed: z.number().int(),
  callbackRequested: z.number().int(),
});
export type CallCounts = z.infer<typeof callCountsSchema>;

/** One answer the assistant gave, by phone or on Messenger: the log behind "AI Responses". */
export const aiResponseSchema = z.object({
  id: z.number().int(),
  channel: z.enum(AI_RESPONSE_CHANNELS),
  callId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
  customerMessage: z.string(),
  aiResponse: z.string(),
  intent: z.enum(AI_INTENTS),
  responseTimeMs: z.number().int().nullable(),
  successful: z.boolean(),
  photoRequestSent: z.boolean(),
  /** What the answer was built from: "faq:12", "common:pricing", "prices", "profile". */
  knowledgeUsed: z.array(z.string()),
  /** The AI model wrote it, or the no-model path (no key, or the model failed or was too slow). */
  answeredBy: z.enum(AI_ANSWER_SOURCES),
  createdAt: z.string(),
});
export type AiResponse = z.infer<typeof aiResponseSchema>;

export const formatDuration = (seconds: number | null | undefined): string | null => {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** `?callId=` narrows the log to one call's answers (the call's "View Details"). */
export const aiResponseListQuerySchema = z.object({
  callId: z
    .string({ error: 'callId must be a number' })
    .regex(CANONICAL_ID, 'callId must be a positive whole number')
    .transform(Number)
    .optional(),
});

/**
 * The AI response log in figures, computed from every stored answer. Rates are whole percents;
 * null when nothing was logged yet (the screens show "—", never a made-up figure).
 */
export const aiResponseSummarySchema = z.object({
  totalResponses: z.number().int(),
  /** Answers stored as successful by the assistant (it answered rather than failed or gave up). */
  successfulResponses: z.number().int(),
  successRate: z.number().nullable(),
  /** Answers whose response time was measured; the average is over these only. */
  timedResponses: z.number().int(),
  averageResponseTimeMs: z.number().nullable(),
});
export type AiResponseSummary = z.infer<typeof aiResponseSummarySchema>;

/** One intent's share of the log ("Analyze Patterns"); share is a percent with one decimal. */
export const intentShareSchema = z.object({
  intent: z.string(),
  count: z.number().int(),
  share: z.number(),
});
export type IntentShare = z.infer<typeof intentShareSchema>;
