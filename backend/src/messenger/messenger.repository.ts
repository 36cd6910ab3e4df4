import {
  conversationDisplayName,
  type Conversation,
  type Message,
  type MessageDeliveryStatus,
  type MessageSender,
  type RecentMessage,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

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
}

interface MessageRow {
  id: number;
  conversation_id: number;
  sender: MessageSender;
  message_text: string;
  delivery_status: MessageDeliveryStatus;
  delivery_error: string | null;
  created_at: string;
  facebook_user_id?: string;
  first_name?: string | null;
  last_name?: string | null;
}

const toConversation = (r: ConversationRow): Conversation => ({
  id: r.id,
  facebookUserId: r.facebook_user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  profilePic: r.profile_pic,
  status: r.status,
  lastMessageAt: r.last_message_at,
  lastMessageText: r.last_message_text,
  createdAt: r.created_at,
});

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  conversationId: r.conversation_id,
  sender: r.sender,
  messageText: r.message_text,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  createdAt: r.created_at,
});

const CONVERSATION_SELECT = `SELECT c.*, (SELECT m.message_text FROM messenger_messages m
  WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message_text
  FROM messenger_conversations c`;

export function messengerRepository(db: Db) {
  const conversations = db.prepare(`${CONVERSATION_SELECT}
    ORDER BY c.last_message_at IS NULL, c.last_message_at DESC, c.id DESC LIMIT @limit OFFSET @offset`);
  const conversationCount = db.prepare('SELECT COUNT(*) AS n FROM messenger_conversations');
  const byStatus = db.prepare(`${CONVERSATION_SELECT} WHERE c.status = @status
    ORDER BY c.last_message_at IS NULL, c.last_message_at DESC, c.id DESC LIMIT @limit OFFSET @offset`);
  const countByStatus = db.prepare('SELECT COUNT(*) AS n FROM messenger_conversations WHERE status = ?');
  const conversationById = db.prepare(`${CONVERSATION_SELECT} WHERE c.id = ?`);
  const conversationByUser = db.prepare(`${CONVERSATION_SELECT} WHERE c.facebook_user_id = ?`);
  // A thread reads oldest first, like a chat; the newest page is the one shown.
  const thread = db.prepare(`SELECT * FROM (SELECT * FROM messenger_messages WHERE conversation_id = @id
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset) ORDER BY created_at, id`);
  const threadCount = db.prepare('SELECT COUNT(*) AS n FROM messenger_messages WHERE conversation_id = ?');
  const recent =
    db.prepare(`SELECT m.*, c.facebook_user_id, c.first_name, c.last_name FROM messenger_messages m
    JOIN messenger_conversations c ON c.id = m.conversation_id ORDER BY m.created_at DESC, m.id DESC LIMIT ?`);
  const insertMessage = db.prepare(`INSERT INTO messenger_messages
    (conversation_id, mid, sender, message_text, delivery_status, delivery_error, created_at)
    VALUES (@conversationId, @mid, @sender, @messageText, @deliveryStatus, @deliveryError, @now)`);
  const touch = db.prepare('UPDATE messenger_conversations SET last_message_at = @now WHERE id = @id');
  const messageById = db.prepare('SELECT * FROM messenger_messages WHERE id = ?');
  const setDelivery = db.prepare(`UPDATE messenger_messages SET delivery_status = @deliveryStatus,
    delivery_error = @deliveryError, mid = @mid WHERE id = @id`);

  return {
    conversations(page: { limit: number; offset: number; status?: Conversation['status'] }) {
      const { status, ...rest } = page;
      if (status) {
        return {
          rows: (byStatus.all({ ...rest, status }) as ConversationRow[]).map(toConversation),
          total: (countByStatus.get(status) as { n: number }).n,
        };
      }
      return {
        rows: (conversations.all(rest) as ConversationRow[]).map(toConversation),
        total: (conversationCount.get() as { n: number }).n,
      };
    },
    conversation(id: number) {
      const row = conversationById.get(id) as ConversationRow | undefined;
      return row && toConversation(row);
    },
    conversationOf(facebookUserId: string) {
      const row = conversationByUser.get(facebookUserId) as ConversationRow | undefined;
      return row && toConversation(row);
    },
    messages(conversationId: number, page: { limit: number; offset: number }) {
      return {
        rows: (thread.all({ id: conversationId, ...page }) as MessageRow[]).map(toMessage),
        total: (threadCount.get(conversationId) as { n: number }).n,
      };
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
    addMessage(m: {
      conversationId: number;
      sender: MessageSender;
      messageText: string;
      deliveryStatus: MessageDeliveryStatus;
      deliveryError?: string | null;
      mid?: string | null;
    }): Message {
      const now = nowIso();
      const id = db.transaction(() => {
        const { lastInsertRowid } = insertMessage.run({ mid: null, deliveryError: null, ...m, now });
        touch.run({ id: m.conversationId, now });
        return Number(lastInsertRowid);
      })();
      return toMessage(messageById.get(id) as MessageRow);
    },
    /** What became of a staff message once Meta answered. */
    recordDelivery(
      id: number,
      outcome: { deliveryStatus: MessageDeliveryStatus; deliveryError: string | null; mid: string | null },
    ): Message {
      setDelivery.run({ id, ...outcome });
      return toMessage(messageById.get(id) as MessageRow);
    },
  };
}
export type MessengerRepository = ReturnType<typeof messengerRepository>;
