import { z } from 'zod';
import { requiredText } from './common.ts';
import { CONVERSATION_STATUSES, MESSAGE_DELIVERY_STATUSES, MESSAGE_SENDERS } from './enums.ts';

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
