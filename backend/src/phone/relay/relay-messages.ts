import { z } from 'zod';
import { wellFormedText } from '@washdesk/contract';

// ConversationRelay's WebSocket messages, as Twilio documents them. In: what Twilio tells us about
// the call (read through zod: anything else is logged and ignored, never acted on). Out: what the
// caller hears or what Twilio does next.

const setup = z.object({
  type: z.literal('setup'),
  sessionId: z.string().max(100).optional(),
  callSid: z.string().max(64),
  from: z.string().max(64).optional(),
  to: z.string().max(64).optional(),
});
/** The caller's words, as recognised; `last: false` only with partial prompts (not asked for). */
const prompt = z.object({
  type: z.literal('prompt'),
  voicePrompt: z.string().max(4000),
  lang: z.string().max(20).optional(),
  last: z.boolean().optional(),
});
const dtmf = z.object({ type: z.literal('dtmf'), digit: z.string().max(4) });
/** The caller cut in: Twilio stopped speaking after `utteranceUntilInterrupt`. */
const interrupt = z.object({
  type: z.literal('interrupt'),
  utteranceUntilInterrupt: z.string().max(8000),
  durationUntilInterruptMs: z.number().optional(),
});
const error = z.object({ type: z.literal('error'), description: z.string().max(2000) });

const inbound = z.discriminatedUnion('type', [setup, prompt, dtmf, interrupt, error]);
export type RelayInbound = z.infer<typeof inbound>;

/** A message from Twilio, or null when it is not one we know (its JSON or its shape). */
export function readInbound(data: string): RelayInbound | null {
  let json: unknown;
  try {
    // Provider text is cleaned as every webhook's is (twilioParam): no bidirectional control in
    // what the caller said, however Twilio spelled it in the JSON.
    json = JSON.parse(data, (_key, value: unknown) =>
      typeof value === 'string' ? wellFormedText(value) : value,
    );
  } catch {
    return null;
  }
  const parsed = inbound.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export type RelayOutbound =
  /** Words to speak; `last` closes the reply (Twilio speaks the pieces as they come). */
  | { type: 'text'; token: string; last: boolean }
  /** Speak and listen in another language from now on. */
  | { type: 'language'; ttsLanguage: string; transcriptionLanguage: string }
  /** Our side ends the session; Twilio posts `handoffData` (a string) to the <Connect> action. */
  | { type: 'end'; handoffData: string };
