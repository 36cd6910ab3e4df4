import {
  ERROR_CODES,
  MESSENGER_DELIVERY_FAILED,
  MESSENGER_NOT_CONNECTED,
  MESSENGER_NOT_RETRYABLE,
  MESSENGER_WINDOW_CLOSED,
  MESSENGER_WINDOW_CLOSED_CODE,
  META_INBOX_SENDER,
  attachmentText,
  conversationDisplayName,
  type Conversation,
  type Message,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import { conversationQueue } from '../assistant/conversation-queue.ts';
import type { MessengerRepository, NewMessage } from './messenger.repository.ts';
import { aiVerdictAt, conversationAt, type MessengerLine, type StoredConversation } from './reply-rules.ts';
import { OUR_ECHO_METADATA, type MessengerDelivery } from './meta-delivery.ts';
import { eventsOf, type Attachment, type WebhookBody } from './meta-webhook.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { NewLiveEvent } from '../events/event.repository.ts';
import { conversationChanged, messageReceived } from '../events/announcements.ts';

/** The AI's own reply cannot use Meta's HUMAN_AGENT tag, so it can go out only within 24 hours. */
export const AI_RETRY_WINDOW_CLOSED =
  "The AI's reply can only be sent within 24 hours of the customer's last message. Answer in your own words instead.";

/** What is left to do for one conversation once Meta has its 200. */
export interface ConversationWork {
  conversationId: number;
  userId: string;
  /** A new sender: read their name and picture from the Graph API. */
  profile: boolean;
  /** New customer words for the assistant to answer. */
  answer: boolean;
}

export interface MessengerServiceDeps {
  db: Db;
  /** Conversations and messages as stored (built by messenger.feature.ts, on the same clock). */
  repo: MessengerRepository;
  settings: SettingsRepository;
  assistant: Assistant;
  delivery: MessengerDelivery | null;
  /** Meta's webhook can bring messages in (an app secret is configured). */
  receiving: boolean;
  clock?: Clock;
  /** Faults in the work done after Meta got its answer (no request is left to fail). */
  report: (error: unknown) => void;
  /** Staff hear of each new customer message here, once it is stored. */
  events?: EventBus;
}

/**
 * Messenger: stores what Meta's webhook brings, answers customers with the assistant after the
 * webhook has been acknowledged, and sends staff replies within Meta's messaging window.
 *
 * Work per conversation runs one job after another (a promise chain), and the takeover state is
 * read inside the job, so a customer message never gets two answers.
 */
export function messengerService(deps: MessengerServiceDeps) {
  const { delivery } = deps;
  const clock = deps.clock ?? Date.now;
  const { repo } = deps;
  const line = (): MessengerLine => ({
    receiving: deps.receiving,
    sending: delivery !== null,
    autoReply: deps.settings.aiSettings().messengerAutoReply,
  });
  /** A stored conversation under the reply rules, now. */
  const judged = (stored: StoredConversation | undefined): Conversation | undefined =>
    stored && conversationAt(stored, clock(), line());
  const conversation = (id: number) => judged(repo.conversation(id));
  /** The one rule of "may the AI answer" (assistant/may-answer.ts) on the conversation as stored now. */
  const aiMayAnswerNow = (id: number) => {
    const stored = repo.conversation(id);
    return stored !== undefined && aiVerdictAt(stored, clock(), line()).may;
  };
  const conversations = conversationQueue(deps.report);
  /** Customer messages not yet answered, per conversation: one AI reply answers them together. */
  const unanswered = new Map<number, Message[]>();

  const enqueue = (conversationId: number, job: () => Promise<void>) =>
    conversations.enqueue(conversationId, job);

  /** Stores a message and sends it; without a page token it is kept as not delivered. */
  async function sendStored(message: NewMessage, recipientId: string, tag?: 'HUMAN_AGENT') {
    const stored = repo.addMessage({
      ...message,
      deliveryStatus: delivery ? 'pending' : 'not_delivered',
      deliveryError: delivery ? null : MESSENGER_NOT_CONNECTED,
      messageTag: tag ?? null,
    })!;
    return delivery ? deliverStored(stored, recipientId, tag) : stored;
  }

  async function deliverStored(stored: Message, recipientId: string, tag?: 'HUMAN_AGENT') {
    const result = await delivery!.deliver(recipientId, stored.messageText, tag);
    return repo.recordDelivery(
      stored.id,
      result.ok
        ? { deliveryStatus: 'sent', deliveryError: null, mid: result.mid, messageTag: tag ?? null }
        : {
            deliveryStatus: 'not_delivered',
            deliveryError: result.reason,
            mid: null,
            messageTag: tag ?? null,
          },
    );
  }

  async function answer(conversationId: number) {
    const waiting = unanswered.get(conversationId) ?? [];
    unanswered.delete(conversationId);
    const before = conversation(conversationId);
    if (waiting.length === 0 || !before || !aiMayAnswerNow(conversationId)) return;
    const name = [before.firstName, before.lastName].filter(Boolean).join(' ') || null;
    const turn = await deps.assistant.turn({
      channel: 'messenger',
      conversationId,
      message: waiting.map((m) => m.messageText).join('\n'),
      customer: { phone: null, name },
      photoLink: 'chat',
    });
    // Staff may have answered (or switched auto-reply off) during Response Delay: then they speak.
    const now = conversation(conversationId);
    if (!now || !aiMayAnswerNow(conversationId)) return;
    const sent = await sendStored(
      { conversationId, sender: 'assistant', messageText: turn.reply, deliveryStatus: 'pending' },
      now.facebookUserId,
    );
    if (turn.action.type === 'send-photo-link' && sent.deliveryStatus === 'sent') {
      deps.assistant.photoLinkSent(turn.responseId);
    }
    deps.events?.publish(
      conversationChanged(conversationId, `The assistant answered ${conversationDisplayName(now)}`),
    );
  }

  async function fillProfile(conversationId: number, userId: string) {
    const profile = await delivery?.profile(userId);
    if (!profile) return;
    repo.setProfile(conversationId, profile);
    deps.events?.publish(conversationChanged(conversationId, 'A Messenger profile was read'));
  }

  /** One stored row per text and per attachment; extra rows get derived mids so redelivery dedupes. */
  function store(
    conversationId: number,
    e: { mid: string; text: string | null; attachments: Attachment[] },
    as: Pick<NewMessage, 'sender' | 'deliveryStatus' | 'sentBy'>,
  ) {
    const rows: NewMessage[] = [];
    if (e.text) rows.push({ conversationId, ...as, mid: e.mid, messageText: e.text });
    e.attachments.forEach((a, i) =>
      rows.push({
        conversationId,
        ...as,
        mid: rows.length === 0 ? e.mid : `${e.mid}#${i + 1}`,
        messageText: attachmentText(a.kind),
        attachmentKind: a.kind,
        attachmentUrl: a.url,
      }),
    );
    return rows.map((r) => repo.addMessage(r)).filter((m): m is Message => m !== undefined);
  }

  return {
    // What the staff screens read: conversations as the reply rules judge them now.
    conversations(page: { limit: number; offset: number; status?: Conversation['status'] }) {
      const { rows, total } = repo.conversations(page);
      const now = clock();
      const at = line();
      return { rows: rows.map((r) => conversationAt(r, now, at)), total };
    },
    conversation,
    conversationOf: (facebookUserId: string) => judged(repo.conversationOf(facebookUserId)),
    messages: (conversationId: number, page: { limit: number; offset: number }) =>
      repo.messages(conversationId, page),
    recentMessages: (limit: number) => repo.recentMessages(limit),
    /** "Hand back to AI": the assistant answers the next customer message; the conversation now. */
    handBack(id: number) {
      repo.handBack(id);
      return conversation(id);
    },

    /**
     * Stores a verified batch at once (one transaction) and answers what is left to do after
     * Meta has its 200: profiles to read, conversations to answer. `firstTime` is the webhook
     * inbox's record of each event, in the same transaction: false for one already stored.
     */
    receive(body: WebhookBody, firstTime: (eventId: string) => boolean = () => true) {
      const { events } = eventsOf(body, OUR_ECHO_METADATA);
      const work: ConversationWork[] = [];
      const announced: NewLiveEvent[] = [];
      const workFor = (conversationId: number, userId: string) => {
        let w = work.find((x) => x.conversationId === conversationId);
        if (!w) work.push((w = { conversationId, userId, profile: false, answer: false }));
        return w;
      };
      deps.db.transaction(() => {
        for (const e of events) {
          if (e.type === 'message') {
            if (!firstTime(`mid:${e.mid}`)) continue;
            const { conversation, created } = repo.conversationFor(e.userId);
            const w = workFor(conversation.id, e.userId);
            w.profile ||= created;
            const stored = store(conversation.id, e, { sender: 'customer', deliveryStatus: 'received' });
            if (stored.length)
              announced.push(messageReceived(conversation.id, conversationDisplayName(conversation)));
            // The assistant reads words; a photo alone waits for staff.
            const texts = stored.filter((m) => !m.attachment);
            if (texts.length) {
              unanswered.set(conversation.id, [...(unanswered.get(conversation.id) ?? []), ...texts]);
              w.answer = true;
            }
          } else if (e.type === 'echo') {
            // Our own sends are stored already; a reply typed in Meta's inbox is staff taking over.
            if (e.ours || !firstTime(`mid:${e.mid}`)) continue;
            const { conversation, created } = repo.conversationFor(e.userId);
            workFor(conversation.id, e.userId).profile ||= created;
            store(conversation.id, e, { sender: 'staff', deliveryStatus: 'sent', sentBy: META_INBOX_SENDER });
            announced.push(conversationChanged(conversation.id, 'A reply was sent from Meta’s inbox'));
          } else {
            const conversation = repo.conversationOf(e.userId);
            if (!conversation) continue;
            const seenUpTo = e.type === 'read' ? e.watermark : (e.watermark ?? e.mids.join(','));
            if (!firstTime(`${e.type}:${e.userId}:${seenUpTo}`)) continue;
            if (e.type === 'delivery') repo.delivered(conversation.id, e.mids, e.watermark);
            else repo.read(conversation.id, e.watermark);
            announced.push(
              conversationChanged(
                conversation.id,
                `Messages were ${e.type === 'delivery' ? 'delivered' : 'read'}`,
              ),
            );
          }
        }
      })();
      // Announced after the acknowledgement (afterAck), so never before the commit: a batch that
      // failed to store is never announced, and Meta does not wait on the staff feed (issue 38).
      return { work, announced };
    },

    /** Announces a stored batch and starts its work; both run after the webhook has answered. */
    afterAck({ work, announced }: { work: ConversationWork[]; announced: NewLiveEvent[] }) {
      for (const event of announced) deps.events?.publish(event);
      for (const w of work) {
        if (w.profile) enqueue(w.conversationId, () => fillProfile(w.conversationId, w.userId));
        if (w.answer) enqueue(w.conversationId, () => answer(w.conversationId));
      }
    },

    /** A staff reply: refused beyond 7 days, tagged HUMAN_AGENT after 24 h; the AI stops answering. */
    async staffSend(conversation: Conversation, messageText: string, staffName: string) {
      if (conversation.replyWindow === 'closed') {
        throw new HttpError(422, MESSENGER_WINDOW_CLOSED_CODE, MESSENGER_WINDOW_CLOSED);
      }
      const tag = conversation.replyWindow === 'human-agent' ? ('HUMAN_AGENT' as const) : undefined;
      const message = await sendStored(
        {
          conversationId: conversation.id,
          sender: 'staff',
          messageText,
          sentBy: staffName,
          deliveryStatus: 'pending',
        },
        conversation.facebookUserId,
        tag,
      );
      // Other staff with the thread open see the reply (and who now handles the conversation).
      deps.events?.publish(
        conversationChanged(
          conversation.id,
          `${staffName} answered ${conversationDisplayName(conversation)}`,
        ),
      );
      return deliveredOrThrow(message);
    },

    /** Sends a message that was not delivered again, under the window rules of its sender. */
    async retry(messageId: number) {
      const message = repo.message(messageId);
      if (!message || message.sender === 'customer' || message.deliveryStatus !== 'not_delivered') {
        throw new HttpError(409, ERROR_CODES.conflict, MESSENGER_NOT_RETRYABLE);
      }
      const thread = conversation(message.conversationId)!;
      if (thread.replyWindow === 'closed') {
        throw new HttpError(422, MESSENGER_WINDOW_CLOSED_CODE, MESSENGER_WINDOW_CLOSED);
      }
      if (message.sender === 'assistant' && thread.replyWindow !== 'standard') {
        throw new HttpError(422, MESSENGER_WINDOW_CLOSED_CODE, AI_RETRY_WINDOW_CLOSED);
      }
      if (!delivery) {
        throw new HttpError(503, ERROR_CODES.messengerNotConnected, MESSENGER_NOT_CONNECTED, undefined, {
          message,
        });
      }
      const tag = thread.replyWindow === 'human-agent' ? ('HUMAN_AGENT' as const) : undefined;
      return deliveredOrThrow(await deliverStored(message, thread.facebookUserId, tag));
    },

    /** Resolves once every job started so far (and any job they started) has finished. */
    settled: () => conversations.settled(),
  };
}
export type MessengerService = ReturnType<typeof messengerService>;

/** Staff must never believe a customer got a message they did not get. */
function deliveredOrThrow(message: Message) {
  if (message.deliveryStatus === 'sent') return message;
  if (message.deliveryError === MESSENGER_NOT_CONNECTED) {
    throw new HttpError(503, ERROR_CODES.messengerNotConnected, MESSENGER_NOT_CONNECTED, undefined, {
      message,
    });
  }
  throw new HttpError(502, MESSENGER_DELIVERY_FAILED, message.deliveryError ?? 'not delivered', undefined, {
    message,
  });
}
