import { z } from 'zod';
import { requiredText } from './common.ts';
import { CONVERSATION_STATUSES, MESSAGE_DELIVERY_STATUSES, MESSAGE_SENDERS } from './enums.ts';

/**
 * Meta's messaging window: 'standard' within 24 h of the customer's last message (anyone may
 * reply); 'human-agent' up to 7 days (only staff, tagged HUMAN_AGENT); 'closed' after that.
 */
export const REPLY_WINDOWS = ['standard', 'human-agent', 'closed'] as const;
export type ReplyWindow = (typeof REPLY_WINDOWS)[number];
export const STANDARD_WINDOW_MS = 24 * 3_600_000;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 3_600_000;
/** A conversation goes back to the AI this long after the last staff message. */
export const TAKEOVER_MS = 24 * 3_600_000;
/** Who answers when no staff member is handling a conversation. */
export const AI_HANDLER = 'AI';
/** A reply typed in Meta's own inbox (seen as an echo): staff, but not one of ours by name. */
export const META_INBOX_SENDER = 'Meta inbox';

export const conversationSchema = z.object({
  id: z.number().int(),
  facebookUserId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePic: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  lastMessageAt: z.string().nullable(),
  lastMessageText: z.string().nullable(),
  createdAt: z.string(),
  /** The staff member answering this conversation now; null: the AI assistant (when it is on). */
  handledBy: z.string().nullable(),
  /**
   * The AI answers this conversation's next customer message: Meta is connected, Messenger
   * auto-reply is on, and no staff member is handling it. False: only staff answer.
   */
  aiReplies: z.boolean(),
  /** Meta's messaging window right now, counted from the customer's last message. */
  replyWindow: z.enum(REPLY_WINDOWS),
  /** When the current window ends (ISO); null when closed or the customer never wrote. */
  replyWindowEndsAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  messageText: z.string(),
  deliveryStatus: z.enum(MESSAGE_DELIVERY_STATUSES),
  /** Why a staff or assistant message did not reach the customer, in words staff can act on. */
  deliveryError: z.string().nullable(),
  createdAt: z.string(),
  /** A photo or file the customer sent; url is Meta's link when it gave one. */
  attachment: z.object({ kind: z.enum(['image', 'file']), url: z.string().nullable() }).nullable(),
  /** The staff member who wrote a staff message ("Meta inbox" for one typed there). */
  sentBy: z.string().nullable(),
  /** Meta's delivery and read receipts for a staff or assistant message. */
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  /** 'HUMAN_AGENT' when it went out after the 24-hour window. */
  messageTag: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** Recent messages across all conversations carry who they belong to. */
export const recentMessageSchema = messageSchema.extend({
  facebookUserId: z.string(),
  displayName: z.string(),
});
export type RecentMessage = z.infer<typeof recentMessageSchema>;
export const RECENT_MESSAGES_LIMIT = 10;

export const messengerSendSchema = z.object({
  recipientId: requiredText('Choose a conversation', 64),
  messageText: requiredText('Type a message', 2000, { multiline: true }),
});
export type MessengerSend = z.input<typeof messengerSendSchema>;
/** A delivered send answers 201 with the stored message (deliveryStatus "sent"). */
export const messengerSentSchema = z.object({ message: messageSchema });

/** What the thread shows for an attachment (its link beside it when Meta gave one). */
export const attachmentText = (kind: 'image' | 'file') => (kind === 'image' ? 'sent a photo' : 'sent a file');

/** Refused sends: the text stays in the composer. */
export const MESSENGER_WINDOW_CLOSED =
  "Meta allows replies only within 7 days of the customer's last message. This message was not sent.";
export const MESSENGER_WINDOW_CLOSED_CODE = 'messenger_window_closed';
/** Only a staff message that was not delivered can be sent again. */
export const MESSENGER_NOT_RETRYABLE = 'Only a message that was not delivered can be sent again.';

export const MESSENGER_NOT_CONNECTED = 'not delivered: Messenger is not connected';
/** The error code of a send that Meta refused or could not be reached for; the message is kept. */
export const MESSENGER_DELIVERY_FAILED = 'messenger_delivery_failed';

/** "First Last", or "Facebook User" and the last 4 characters of the id. */
export const conversationDisplayName = (
  c: Pick<Conversation, 'firstName' | 'lastName' | 'facebookUserId'>,
) => {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return name || `Facebook User ${c.facebookUserId.slice(-4)}`;
};

/** At most two initials. */
export const initialsOf = (displayName: string) =>
  displayName
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 2);
