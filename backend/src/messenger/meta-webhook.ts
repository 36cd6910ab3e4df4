import crypto from 'node:crypto';
import { z } from 'zod';

// What Meta's Messenger webhook sends, read into the few events Washdesk acts on. Anything else
// Meta may add (reactions, postbacks, referrals) is ignored rather than refused: a webhook that
// answers errors gets disabled by Meta.

/** Whether `header` (X-Hub-Signature-256) is "sha256=" + HMAC-SHA256 of the raw body, in constant time. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!match) return false;
  const expected = crypto.createHmac('sha256', appSecret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/**
 * Meta retries a failed delivery for at most 36 hours, so nothing it sends legitimately is older
 * than that. A signed body whose times are older than this is a replay of an old request (its
 * signature is still valid forever): refused, nothing stored.
 */
export const STALE_AFTER_MS = 48 * 3_600_000;

/**
 * A page-scoped id (PSID) as Meta gives them: digits only. It goes into Graph API paths
 * (`/{psid}?fields=…`), so anything else (`../me`, `1?x=`, `1/2`) is refused at the webhook and
 * again where a Graph URL is built.
 */
export const isPageScopedId = (id: string) => /^\d{1,32}$/.test(id);
const pageScopedId = z.string().refine(isPageScopedId, 'Not a Meta page-scoped id');

const attachment = z.looseObject({
  type: z.string(),
  payload: z.looseObject({ url: z.string().optional() }).nullish(),
});
const messaging = z.looseObject({
  sender: z.looseObject({ id: pageScopedId }),
  recipient: z.looseObject({ id: pageScopedId }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      metadata: z.string().optional(),
      attachments: z.array(attachment).optional(),
    })
    .optional(),
  delivery: z
    .looseObject({ mids: z.array(z.string()).optional(), watermark: z.number().optional() })
    .optional(),
  read: z.looseObject({ watermark: z.number() }).optional(),
});
export const webhookBodySchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      time: z.number().optional(),
      messaging: z.array(messaging).optional(),
    }),
  ),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export type MessengerEvent =
  /** A customer wrote: text and/or attachments, each stored as its own message. */
  | { type: 'message'; userId: string; mid: string; text: string | null; attachments: Attachment[] }
  /** A message the page sent, echoed back; `ours` when Washdesk sent it (already stored). */
  | {
      type: 'echo';
      userId: string;
      mid: string;
      text: string | null;
      attachments: Attachment[];
      ours: boolean;
    }
  | { type: 'delivery'; userId: string; mids: string[]; watermark: number | null }
  | { type: 'read'; userId: string; watermark: number };

export interface Attachment {
  kind: 'image' | 'file';
  url: string | null;
}

const toAttachment = (a: z.infer<typeof attachment>): Attachment => ({
  kind: a.type === 'image' ? 'image' : 'file',
  // Only a web address is kept: the admin turns it into a link.
  url: a.payload?.url && /^https?:\/\//.test(a.payload.url) ? a.payload.url : null,
});

/** The events of a batch in Meta's order; `oldest` is the earliest time the body carries. */
export function eventsOf(body: WebhookBody, ourEchoMetadata: string) {
  const events: MessengerEvent[] = [];
  const times: number[] = [];
  for (const entry of body.entry) {
    if (entry.time !== undefined) times.push(entry.time);
    for (const m of entry.messaging ?? []) {
      if (m.timestamp !== undefined) times.push(m.timestamp);
      if (m.message) {
        const { mid, text, is_echo: echo, metadata, attachments = [] } = m.message;
        const content = { mid, text: text?.trim() ? text : null, attachments: attachments.map(toAttachment) };
        if (echo) {
          // An echo goes from the page to the customer: the customer is the recipient.
          events.push({
            type: 'echo',
            userId: m.recipient.id,
            ...content,
            ours: metadata === ourEchoMetadata,
          });
        } else {
          events.push({ type: 'message', userId: m.sender.id, ...content });
        }
      } else if (m.delivery) {
        events.push({
          type: 'delivery',
          userId: m.sender.id,
          mids: m.delivery.mids ?? [],
          watermark: m.delivery.watermark ?? null,
        });
      } else if (m.read) {
        events.push({ type: 'read', userId: m.sender.id, watermark: m.read.watermark });
      }
    }
  }
  return { events, oldest: times.length ? Math.min(...times) : null };
}
