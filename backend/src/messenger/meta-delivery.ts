import { wellFormedText } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { isPageScopedId } from './meta-webhook.ts';

/** Staff wait for the answer; Meta normally answers in well under a second. */
const SEND_TIMEOUT_MS = 10_000;
/** A profile only names a conversation; it is not worth holding a reply up for long. */
const PROFILE_TIMEOUT_MS = 5_000;
/**
 * Sent along with every message we send; Meta echoes it back, so the webhook knows an echo is
 * one of ours (already stored) and not a reply typed in Meta's own inbox.
 */
export const OUR_ECHO_METADATA = 'washdesk';

export type DeliveryResult = { ok: true; mid: string | null } | { ok: false; reason: string };

export interface MessengerProfile {
  firstName: string | null;
  lastName: string | null;
  profilePic: string | null;
}

export interface MessengerDelivery {
  /** `tag`: 'HUMAN_AGENT' for a staff reply after the 24-hour window. */
  deliver(recipientId: string, text: string, tag?: 'HUMAN_AGENT'): Promise<DeliveryResult>;
  /** The sender's name and picture, or null when Meta does not give them. */
  profile(userId: string): Promise<MessengerProfile | null>;
}

export type MetaConfig = Config['providers']['meta'];

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number };
}

/** Meta's refusal in words staff can act on; the raw text goes along for support. */
function refusalReason(body: GraphError): string {
  const { code, error_subcode: subcode, message } = body.error ?? {};
  if (code === 10 && subcode === 2018278) {
    return "not delivered: Meta only allows replies within 24 hours of the customer's last message";
  }
  if (code === 190) return 'not delivered: the Meta page access token is invalid or expired';
  if (code === 551 || subcode === 1545041) return 'not delivered: this person is not available on Messenger';
  return `not delivered: Meta refused the message${message ? ` (${message})` : ''}`;
}

/** A profile field as it will be shown: well-formed, no bidirectional controls, trimmed. */
const text = (v: unknown) => {
  const shown = typeof v === 'string' ? wellFormedText(v).trim() : '';
  return shown ? shown : null;
};

/** The Send API and user profiles, when a page access token is configured; without one, none. */
export function messengerDeliveryFromConfig(meta: MetaConfig): MessengerDelivery | null {
  const token = meta.pageAccessToken;
  if (!token) return null;
  const base = meta.graphBaseUrl;
  // The token in a header, not the query string, keeps it out of proxy and access logs.
  const auth = { Authorization: `Bearer ${token}` };
  return {
    async deliver(recipientId, messageText, tag) {
      if (!isPageScopedId(recipientId)) return { ok: false, reason: 'not delivered: not a Messenger id' };
      let response: Response;
      try {
        response = await fetch(`${base}/me/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...auth },
          body: JSON.stringify({
            recipient: { id: recipientId },
            ...(tag ? { messaging_type: 'MESSAGE_TAG', tag } : { messaging_type: 'RESPONSE' }),
            message: { text: messageText, metadata: OUR_ECHO_METADATA },
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch {
        return { ok: false, reason: 'not delivered: Messenger could not be reached' };
      }
      const body = (await response.json().catch(() => ({}))) as GraphError & { message_id?: string };
      if (!response.ok) return { ok: false, reason: refusalReason(body) };
      return { ok: true, mid: typeof body.message_id === 'string' ? body.message_id : null };
    },
    async profile(userId) {
      // Only a PSID goes into the path (and encoded all the same): never `../me` or a query.
      if (!isPageScopedId(userId)) return null;
      try {
        const response = await fetch(
          `${base}/${encodeURIComponent(userId)}?fields=first_name,last_name,profile_pic`,
          { headers: auth, signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS) },
        );
        if (!response.ok) return null;
        const body = (await response.json()) as Record<string, unknown>;
        const profile = {
          firstName: text(body.first_name),
          lastName: text(body.last_name),
          // Shown as an image source: only a web address, never another scheme.
          profilePic: /^https?:\/\//.test(text(body.profile_pic) ?? '') ? text(body.profile_pic) : null,
        };
        return profile.firstName || profile.lastName ? profile : null;
      } catch {
        // No name is no harm: the conversation is shown as "Facebook User" and the last 4 digits.
        return null;
      }
    },
  };
}
