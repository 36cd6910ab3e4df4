import { isDialable } from '@washdesk/contract';
import type { Logger } from 'pino';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { PHONE_WORDS } from './voice-replies.ts';

/** A number a text can go to and staff can call back, not "anonymous" or a short code: the one phone rule's. */
export { isDialable };

/**
 * Texts a caller the photo quote link during the assistant's turn (both voice modes): `sent` only
 * when Twilio accepted the message, and `said` is the sentence the reply starts with, so the log
 * keeps what the caller heard (the turn marks its "Photo request sent" badge).
 */
export function photoLinkTexter(deps: { texts: BusinessTexts | null; logger: Logger; businessName: string }) {
  return async (
    call: { id: number; phoneNumber: string },
    url: string,
  ): Promise<{ sent: boolean; said: string }> => {
    const failed = { sent: false, said: PHONE_WORDS.textFailed(url) };
    if (!deps.texts || !isDialable(call.phoneNumber)) return failed;
    try {
      // The caller is waiting for it (a reply): STOP and consent apply, quiet hours do not.
      const outcome = await deps.texts.send(call.phoneNumber, PHONE_WORDS.photoText(deps.businessName, url), {
        purpose: 'reply',
      });
      if (!outcome.sent) {
        deps.logger.info({ callId: call.id }, 'photo link text held back: the number opted out');
        return failed;
      }
      return { sent: true, said: PHONE_WORDS.textSent };
    } catch (error) {
      // Twilio's message repeats the number; the log keeps only its codes (no contact details).
      const { status, code } = error as { status?: number; code?: number };
      deps.logger.warn({ callId: call.id, status, code }, 'photo link text not sent');
      return failed;
    }
  };
}
