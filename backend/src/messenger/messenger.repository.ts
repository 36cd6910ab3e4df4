import {
  conversationDisplayName,
  type Conversation,
  type Message,
  type MessageDeliveryStatus,
  type MessageSender,
  type RecentMessage,
} from '@washdesk/contract';
import { keyedPages } from '../db/keyed-pages.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import type { StoredConversation } from './reply-rules.ts';

interface ConversationRow {
  id: number;
  facebook_user_id: string;
  first_name: string | null;
  last_name: string | null;
  profile_pic: string | null;
  status: Conversation['status'];
  last_message_at: string | null;
  last_message_text: string | null;
  created_at: string;
  last_customer_message_at: string | null;
  handled_by: string | null;
  handled_since_ms: number | null;
}

interface MessageRow {
  id: number;
  conversation_id: number;
  mid: string | null;
  sender: MessageSender;
  message_text: string;
  delivery_status: MessageDeliveryStatus;
  delivery_error: string | null;
  created_at: string;
  attachment_kind: 'image' | 'file' | null;
  attachment_url: string | null;
  sent_by: string | null;
  delivered_at: string | null;
  read_at: string | null;
  message_tag: string | null;
  facebook_user_id?: string;
  first_name?: string | null;
  last_name?: string | null;
}

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  conversationId: r.conversation_id,
  sender: r.sender,
  messageText: r.message_text,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  createdAt: r.created_at,
  attachment: r.attachment_kind ? { kind: r.attachment_kind, url: r.attachment_url } : null,
  sentBy: r.sent_by,
  deliveredAt: r.delivered_at,
  readAt: r.read_at,
  messageTag: r.message_tag,
});

// Meta's window counts from the customer's last message, so it is read from the messages.
const CONVERSATION_SELECT = `SELECT c.*, (SELECT m.message_text FROM messenger_messages m
  WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message_text,
  (SELECT MAX(m.created_at) FROM messenger_messages m WHERE m.conversation_id = c.id
    AND m.sender = 'customer') AS last_customer_message_at
  FROM messenger_conversations c`;

export interface NewMessage {
  conversationId: number;
  sender: MessageSender;
  messageText: string;
  deliveryStatus: MessageDeliveryStatus;
  deliveryError?: string | null;
  mid?: string | null;
  attachmentKind?: 'image' | 'file' | null;
  attachmentUrl?: string | null;
  sentBy?: string | null;
  messageTag?: string | null;
}

/**
 * Conversations and messages as stored; the window and takeover rules are applied by
 * `reply-rules.ts`, not here. Times come from `clock` so tests can move Meta's windows.
 */
export function messengerRepository(db: Db, clock: Clock = Date.now) {
  const iso = () => new Date(clock()).toISOString();
  const toConversation = (r: ConversationRow): StoredConversation => ({
    id: r.id,
    facebookUserId: r.facebook_user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    profilePic: r.profile_pic,
    status: r.status,
    lastMessageAt: r.last_message_at,
    lastMessageText: r.last_message_text,
    createdAt: r.created_at,
    lastCustomerMessageMs:
      r.last_customer_message_at === null ? null : Date.parse(r.last_customer_message_at),
    takenOverBy: r.handled_by,
    takenOverMs: r.handled_since_ms,
  });

  // Latest message first, those without one last ('' sorts below every time): each page's ids
  // from the index holding that order (migration 0057), from whichever end is nearer.
  const conversationPages = keyedPages<ConversationRow>(db, {
    table: 'messenger_conversations',
    key: "coalesce(last_message_at, '')",
    select: CONVERSATION_SELECT,
    alias: 'c',
    filters: { status: 'status = @status' },
    counted: 'messenger_conversations',
    everyRowIn: 'status',
  });
  const conversationById = db.prepare(`${CONVERSATION_SELECT} WHERE c.id = ?`);
  const conversationByUser = db.prepare(`${CONVERSATION_SELECT} WHERE c.facebook_user_id = ?`);
  const insertConversation = db.prepare(`INSERT INTO messenger_conversations
    (facebook_user_id, status, created_at) VALUES (?, 'active', ?) ON CONFLICT (facebook_user_id) DO NOTHING`);
  const setProfile = db.prepare(`UPDATE messenger_conversations SET first_name = @firstName,
    last_name = @lastName, profile_pic = @profilePic WHERE id = @id`);
  // A thread reads oldest first, like a chat; the newest page is the one shown.
  const thread = db.prepare(`SELECT * FROM (SELECT * FROM messenger_messages WHERE conversation_id = @id
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset) ORDER BY created_at, id`);
  const threadCount = db.prepare('SELECT COUNT(*) AS n FROM messenger_messages WHERE conversation_id = ?');
  const recent =
    db.prepare(`SELECT m.*, c.facebook_user_id, c.first_name, c.last_name FROM messenger_messages m
    JOIN messenger_conversations c ON c.id = m.conversation_id ORDER BY m.created_at DESC, m.id DESC LIMIT ?`);
  // Meta redelivers: a message whose mid is already stored is not stored again.
  const insertMessage = db.prepare(`INSERT INTO messenger_messages
    (conversation_id, mid, sender, message_text, delivery_status, delivery_error, created_at,
     attachment_kind, attachment_url, sent_by, message_tag)
    VALUES (@conversationId, @mid, @sender, @messageText, @deliveryStatus, @deliveryError, @now,
     @attachmentKind, @attachmentUrl, @sentBy, @messageTag)
    ON CONFLICT (mid) DO NOTHING`);
  const touch = db.prepare('UPDATE messenger_conversations SET last_message_at = @now WHERE id = @id');
  const takeOver = db.prepare(
    'UPDATE messenger_conversations SET handled_by = @by, handled_since_ms = @ms WHERE id = @id',
  );
  const handBack = db.prepare(
    'UPDATE messenger_conversations SET handled_by = NULL, handled_since_ms = NULL WHERE id = ?',
  );
  const messageById = db.prepare('SELECT * FROM messenger_messages WHERE id = ?');
  const setDelivery = db.prepare(`UPDATE messenger_messages SET delivery_status = @deliveryStatus,
    delivery_error = @deliveryError, mid = @mid, message_tag = @messageTag WHERE id = @id`);
  // Receipts: Meta names the messages (mids) and/or a watermark: everything sent up to that time.
  const delivered = db.prepare(`UPDATE messenger_messages SET delivered_at = @at
    WHERE conversation_id = @id AND sender <> 'customer' AND delivery_status = 'sent' AND delivered_at IS NULL
      AND (mid IN (SELECT value FROM json_each(@mids)) OR created_at <= @watermark)`);
  const read =
    db.prepare(`UPDATE messenger_messages SET read_at = @at, delivered_at = COALESCE(delivered_at, @at)
    WHERE conversation_id = @id AND sender <> 'customer' AND delivery_status = 'sent' AND read_at IS NULL
      AND created_at <= @watermark`);

  const conversationOf = (facebookUserId: string) => {
    const row = conversationByUser.get(facebookUserId) as ConversationRow | undefined;
    return row && toConversation(row);
  };

  return {
    conversations(page: { limit: number; offset: number; status?: Conversation['status'] }) {
      const { rows, total } = conversationPages.page({ status: page.status }, page);
      return { rows: rows.map(toConversation), total };
    },
    conversation(id: number) {
      const row = conversationById.get(id) as ConversationRow | undefined;
      return row && toConversation(row);
    },
    conversationOf,
    /** The sender's conversation, made when they first write; `created` says whether it is new. */
    conversationFor(facebookUserId: string) {
      const created = insertConversation.run(facebookUserId, iso()).changes > 0;
      return { conversation: conversationOf(facebookUserId)!, created };
    },
    setProfile(
      id: number,
      profile: { firstName: string | null; lastName: string | null; profilePic: string | null },
    ) {
      setProfile.run({ id, ...profile });
    },
    messages(conversationId: number, page: { limit: number; offset: number }) {
      return {
        rows: (thread.all({ id: conversationId, ...page }) as MessageRow[]).map(toMessage),
        total: (threadCount.get(conversationId) as { n: number }).n,
      };
    },
    message(id: number) {
      const row = messageById.get(id) as MessageRow | undefined;
      return row && toMessage(row);
    },
    recentMessages(limit: number): RecentMessage[] {
      return (recent.all(limit) as Required<MessageRow>[]).map((r) => ({
        ...toMessage(r),
        facebookUserId: r.facebook_user_id,
        displayName: conversationDisplayName({
          firstName: r.first_name,
          lastName: r.last_name,
          facebookUserId: r.facebook_user_id,
        }),
      }));
    },
    /** Stores a message; undefined when its mid was stored before (Meta redelivered it). */
    addMessage(m: NewMessage): Message | undefined {
      const now = iso();
      const id = db.transaction(() => {
        const { changes, lastInsertRowid } = insertMessage.run({
          mid: null,
          deliveryError: null,
          attachmentKind: null,
          attachmentUrl: null,
          sentBy: null,
          messageTag: null,
          ...m,
          now,
        });
        if (!changes) return undefined;
        touch.run({ id: m.conversationId, now });
        if (m.sender === 'staff')
          takeOver.run({ id: m.conversationId, by: m.sentBy ?? 'Staff', ms: clock() });
        return Number(lastInsertRowid);
      })();
      return id === undefined ? undefined : toMessage(messageById.get(id) as MessageRow);
    },
    /** What became of a staff or assistant message once Meta answered. */
    recordDelivery(
      id: number,
      outcome: {
        deliveryStatus: MessageDeliveryStatus;
        deliveryError: string | null;
        mid: string | null;
        messageTag?: string | null;
      },
    ): Message {
      setDelivery.run({ messageTag: null, ...outcome, id });
      return toMessage(messageById.get(id) as MessageRow);
    },
    delivered(conversationId: number, mids: string[], watermark: number | null) {
      delivered.run({
        id: conversationId,
        mids: JSON.stringify(mids),
        // No watermark: only the named messages ('' sorts before every ISO time).
        watermark: watermark === null ? '' : new Date(watermark).toISOString(),
        at: iso(),
      });
    },
    read(conversationId: number, watermark: number) {
      read.run({ id: conversationId, watermark: new Date(watermark).toISOString(), at: iso() });
    },
    /** The AI answers this conversation again (staff pressed "Hand back to AI"). */
    handBack(id: number) {
      handBack.run(id);
    },
  };
}
export type MessengerRepository = ReturnType<typeof messengerRepository>;
