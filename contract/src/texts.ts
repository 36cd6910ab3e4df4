import { photoSchema } from './photo.ts';
import { z } from 'zod';
import { requiredText } from './common.ts';

// Two-way texts on the business number (issue 25): threads per phone number, their messages, and
// what staff may send.

/** Where an outgoing text stands: the outbox's state, then Twilio's delivery report. */
export const TEXT_STATES = [
  'received',
  'pending',
  'sending',
  'sent',
  'failed',
  'cancelled',
  'queued',
  'delivered',
  'undelivered',
] as const;

export const textMessageSchema = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  direction: z.enum(['in', 'out']),
  sender: z.enum(['customer', 'staff', 'assistant', 'automatic']),
  /** The staff member who typed it, for staff messages. */
  staffName: z.string().nullable(),
  body: z.string(),
  mediaCount: z.number().int(),
  /** The photos of a customer's MMS, re-encoded and stored like uploaded photos. */
  photos: photoSchema.array(),
  /** Attachments of the text that were not kept (not an image, too large, or not fetched). */
  mediaRefused: z.number().int(),
  /** 'received' for the customer's texts; for ours the latest known of sending and delivery. */
  state: z.enum(TEXT_STATES),
  /** Why it was not sent or not delivered (Twilio's error, an opt-out), else null. */
  problem: z.string().nullable(),
  createdAt: z.string(),
  /**
   * While it waits in the outbox: when it is due (a visit reminder planned for Tuesday 9 AM, a text
   * held for quiet hours), so staff see it as planned rather than sent. Null once it is on its way.
   */
  plannedFor: z.string().nullable(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;

export const textThreadSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  optedOut: z.boolean(),
  takenOver: z.boolean(),
  lastMessageAt: z.string(),
  lastMessage: z.string().nullable(),
});
export type TextThread = z.infer<typeof textThreadSchema>;

/** Whether this server can send texts at all (the Texts screen says so when it cannot). */
export const textsStatusSchema = z.object({
  configured: z.boolean(),
  problem: z.string().nullable(),
});
export type TextsStatus = z.infer<typeof textsStatusSchema>;

export const TEXT_REQUIRED = 'Type a message first';
/** A long text is split by phones into parts; ten parts is where carriers start refusing. */
export const sendTextSchema = z.object({
  body: requiredText(TEXT_REQUIRED, 1600, { multiline: true }),
});
export type SendText = z.input<typeof sendTextSchema>;

export const TEXTS_NOT_CONFIGURED = 'Text messages are not configured (Twilio)';
export const TEXT_OPTED_OUT =
  'This number replied STOP: texts to it are off until the customer replies START';
