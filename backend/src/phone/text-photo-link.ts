import type { Logger } from 'pino';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { TwilioApi } from './twilio-client.ts';
import { PHONE_WORDS } from './voice-replies.ts';

/** A number a text can go to and staff can call back (E.164), not "anonymous" or a short code. */
export const isDialable = (phone: string) => /^\+[1-9]\d{9,14}$/.test(phone);

/**
 * Texts a caller the photo quote link (both voice modes): true only when Twilio accepted the
 * message, and then the turn's log row gets its "Photo request sent" badge.
 */
export function photoLinkTexter(deps: {
  twilio: TwilioApi | null;
  assistant: Assistant;
  logger: Logger;
  businessName: string;
}) {
  return async (call: { id: number; phoneNumber: string }, responseId: number, url: string) => {
    if (!deps.twilio || !isDialable(call.phoneNumber)) return false;
    try {
      await deps.twilio.sendText(call.phoneNumber, PHONE_WORDS.photoText(deps.businessName, url));
      deps.assistant.photoLinkSent(responseId);
      return true;
    } catch (error) {
      // Twilio's message repeats the number; the log keeps only its codes (no contact details).
      const { status, code } = error as { status?: number; code?: number };
      deps.logger.warn({ callId: call.id, status, code }, 'photo link text not sent');
      return false;
    }
  };
}
