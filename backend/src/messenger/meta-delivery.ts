import type { Config } from '../config.ts';

export const META_GRAPH_URL = 'https://graph.facebook.com/v21.0';
/** Staff wait for the answer; Meta normally answers in well under a second. */
const SEND_TIMEOUT_MS = 10_000;

export type DeliveryResult = { ok: true; mid: string | null } | { ok: false; reason: string };

export interface MessengerDelivery {
  deliver(recipientId: string, text: string): Promise<DeliveryResult>;
}

/** The Meta settings plus where the Graph API answers (tests point it at a fake on 127.0.0.1). */
export type MetaConfig = Config['providers']['meta'] & { graphUrl?: string };

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

/** The Send API, when a page access token is configured; without one there is no delivery. */
export function messengerDeliveryFromConfig(meta: MetaConfig): MessengerDelivery | null {
  const token = meta.pageAccessToken;
  if (!token) return null;
  const url = `${(meta.graphUrl ?? META_GRAPH_URL).replace(/\/+$/, '')}/me/messages`;
  return {
    async deliver(recipientId, text) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          // The token in a header, not the query string, keeps it out of proxy and access logs.
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            recipient: { id: recipientId },
            messaging_type: 'RESPONSE',
            message: { text },
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
  };
}
