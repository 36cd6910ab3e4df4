import type { Photo, TextMessage, TextThread } from '@washdesk/contract';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { StoredPhoto } from '../photos/photo.storage.ts';
import type { IncomingMedia } from './incoming-text.ts';
import type { Db } from '../db/database.ts';
import { formConsents } from './form-consent.ts';

// Prepared SQL over text_threads and text_messages (migration 0023), and the attachments of
// customers' texts still to fetch (texted_media_waiting, migration 0064). An outgoing message's
// sending state lives on its outbox row; it is read through the join, never copied.

interface ThreadRow {
  id: number;
  phone: string;
  taken_over_at: string | null;
  opted_out_at: string | null;
  contacted_at: string | null;
  last_message_at: string;
  customer_id: number | null;
  customer_name: string | null;
  last_message: string | null;
}

interface MessageRow {
  id: number;
  thread_id: number;
  direction: 'in' | 'out';
  sender: TextMessage['sender'];
  staff_name: string | null;
  body: string;
  media_count: number;
  media_refused: number;
  created_at: string;
  outbox_state: string | null;
  due_at: string | null;
  delivery_status: string | null;
  outbox_error: string | null;
  delivery_error: string | null;
}

const toThread = (r: ThreadRow): TextThread => ({
  id: r.id,
  phone: r.phone,
  customerId: r.customer_id,
  customerName: r.customer_name,
  optedOut: r.opted_out_at !== null,
  takenOver: r.taken_over_at !== null,
  lastMessageAt: r.last_message_at,
  lastMessage: r.last_message,
});

/** Twilio's delivery report, once there is one, says more than "sent". */
function stateOf(r: MessageRow): TextMessage['state'] {
  if (r.direction === 'in') return 'received';
  if (r.outbox_state === 'sent' && r.delivery_status) {
    const known = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
    return known.find((s) => s === r.delivery_status) ?? 'sent';
  }
  return (r.outbox_state as TextMessage['state'] | null) ?? 'pending';
}

const toMessage = (r: MessageRow, photos: Photo[] = []): TextMessage => ({
  id: r.id,
  threadId: r.thread_id,
  direction: r.direction,
  sender: r.sender,
  staffName: r.staff_name,
  body: r.body,
  mediaCount: r.media_count,
  photos,
  mediaRefused: r.media_refused,
  state: stateOf(r),
  problem: r.delivery_error ?? (r.outbox_state === 'sent' ? null : r.outbox_error),
  createdAt: r.created_at,
  plannedFor: r.outbox_state === 'pending' ? r.due_at : null,
});

const THREAD_COLUMNS = `t.id, t.phone, t.taken_over_at, t.opted_out_at, t.contacted_at, t.last_message_at,
  i.customer_id, c.name AS customer_name,
  (SELECT body FROM text_messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message`;
const THREAD_JOIN = `FROM text_threads t
  LEFT JOIN customer_items i ON i.kind = 'text' AND i.source_id = t.id
  LEFT JOIN customers c ON c.id = i.customer_id`;

/** The texts' own tables; `photos` keeps the pictures customers text in (MMS). */
export function textRepository(db: Db, photos: PhotoRepository) {
  const insertThread = db.prepare(`INSERT INTO text_threads (phone, last_message_at, created_at)
    VALUES (?, ?, ?) ON CONFLICT (phone) DO NOTHING`);
  const threadIdOf = db.prepare('SELECT id FROM text_threads WHERE phone = ?');
  const insertIncoming =
    db.prepare(`INSERT INTO text_messages (thread_id, direction, sender, body, message_sid,
      media_count, media_refused, created_at)
    VALUES (@threadId, 'in', 'customer', @body, @messageSid, @mediaCount, @mediaRefused, @at)
    ON CONFLICT (message_sid) DO NOTHING`);
  const knownSid = db.prepare('SELECT 1 FROM text_messages WHERE message_sid = ?');
  const insertOutgoing = db.prepare(`INSERT INTO text_messages (thread_id, direction, sender, body, outbox_id,
      staff_user_id, created_at) VALUES (@threadId, 'out', @sender, @body, @outboxId, @staffUserId, @at)
    ON CONFLICT (outbox_id) DO NOTHING`);
  const touch = db.prepare(`UPDATE text_threads SET last_message_at = max(last_message_at, @at),
      contacted_at = CASE WHEN @contacted THEN COALESCE(contacted_at, @at) ELSE contacted_at END
    WHERE id = @id`);
  const optOut = db.prepare('UPDATE text_threads SET opted_out_at = COALESCE(opted_out_at, ?) WHERE id = ?');
  const optIn = db.prepare('UPDATE text_threads SET opted_out_at = NULL WHERE id = ?');
  const takeOver = db.prepare('UPDATE text_threads SET taken_over_at = ?, taken_over_by = ? WHERE id = ?');
  const takenOverAt = db.prepare('SELECT taken_over_at FROM text_threads WHERE id = ?');
  const oneThread = db.prepare(`SELECT ${THREAD_COLUMNS} ${THREAD_JOIN} WHERE t.id = ?`);
  const threadByPhone = db.prepare(`SELECT ${THREAD_COLUMNS} ${THREAD_JOIN} WHERE t.phone = ?`);
  const threads = db.prepare(`SELECT ${THREAD_COLUMNS} ${THREAD_JOIN}
    ORDER BY t.last_message_at DESC, t.id DESC LIMIT ?`);
  const MESSAGE_SELECT = `SELECT m.id, m.thread_id, m.direction, m.sender, u.name AS staff_name, m.body,
      m.media_count, m.media_refused, m.created_at, o.state AS outbox_state, o.due_at, o.delivery_status, o.error AS outbox_error,
      o.delivery_error
    FROM text_messages m LEFT JOIN outbox_messages o ON o.id = m.outbox_id LEFT JOIN users u ON u.id = m.staff_user_id`;
  const messages = db.prepare(`${MESSAGE_SELECT} WHERE m.thread_id = ? ORDER BY m.created_at, m.id`);
  const latest = db.prepare(
    `${MESSAGE_SELECT} WHERE m.thread_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
  );
  const messageOfOutbox = db.prepare(`${MESSAGE_SELECT} WHERE m.outbox_id = ?`);
  const threadOfOutbox = db.prepare('SELECT thread_id FROM text_messages WHERE outbox_id = ?');
  // Did this number text the business on its own (a call is the calls table's to say).
  const contactedByText = db.prepare(
    'SELECT 1 FROM text_threads WHERE phone = ? AND contacted_at IS NOT NULL',
  );
  const insertWaiting = db.prepare(`INSERT INTO texted_media_waiting
    (text_message_id, position, url, content_type) VALUES (?, ?, ?, ?)`);
  const waitingOf =
    db.prepare(`SELECT w.position, w.url, w.content_type AS contentType, m.message_sid AS messageSid
    FROM texted_media_waiting w JOIN text_messages m ON m.id = w.text_message_id
    WHERE w.text_message_id = ? ORDER BY w.position`);
  const messagesWaiting = db.prepare(
    'SELECT DISTINCT text_message_id FROM texted_media_waiting ORDER BY text_message_id LIMIT ?',
  );
  const clearWaiting = db.prepare('DELETE FROM texted_media_waiting WHERE text_message_id = ?');
  const addRefused = db.prepare('UPDATE text_messages SET media_refused = media_refused + ? WHERE id = ?');
  const threadOfMessage = db.prepare('SELECT thread_id FROM text_messages WHERE id = ?');
  const forms = formConsents(db);
  const optedOut = db.prepare('SELECT 1 FROM text_threads WHERE phone = ? AND opted_out_at IS NOT NULL');

  /** Messages with their photos (one query for all of them). */
  const withPhotos = (rows: MessageRow[]) => {
    const photosOf = photos.forTextMessages(rows.filter((r) => r.media_count > 0).map((r) => r.id));
    return rows.map((r) => toMessage(r, photosOf.get(r.id)));
  };

  const threadFor = (phone: string, at: string): number => {
    insertThread.run(phone, at, at);
    return (threadIdOf.get(phone) as { id: number }).id;
  };

  return {
    /** Stores a customer's text once per MessageSid; `isNew` is false for a repeated webhook. */
    receive: db.transaction(
      (text: {
        from: string;
        body: string;
        messageSid: string;
        mediaCount: number;
        at: string;
        /** The attachments (MMS) as the signed webhook named them: fetched after the answer. */
        media?: IncomingMedia[];
      }) => {
        const threadId = threadFor(text.from, text.at);
        const { changes, lastInsertRowid } = insertIncoming.run({
          from: text.from,
          body: text.body,
          messageSid: text.messageSid,
          mediaCount: text.mediaCount,
          at: text.at,
          mediaRefused: 0,
          threadId,
        });
        const messageId = Number(lastInsertRowid);
        if (changes) touch.run({ id: threadId, at: text.at, contacted: 1 });
        if (changes)
          text.media?.forEach((m, position) => insertWaiting.run(messageId, position, m.url, m.contentType));
        return { threadId, messageId: changes ? messageId : null, isNew: changes === 1 };
      },
    ),
    /** A text's attachments still to fetch, with its MessageSid (their address must be this message's). */
    mediaWaiting: (messageId: number) =>
      waitingOf.all(messageId) as (IncomingMedia & { position: number; messageSid: string })[],
    /** Texts whose attachments are still to fetch, oldest first (what a stopped server left). */
    messagesWithMediaWaiting: (limit: number) => messagesWaiting.pluck().all(limit) as number[],
    /**
     * A text's attachments fetched: the photos kept (pending, stripped by the photo processor) and
     * how many were not, in one transaction with their waiting rows' removal. False (and nothing
     * written) when nothing was waiting any more: the caller removes the files it kept.
     */
    mediaFetched: db.transaction((messageId: number, kept: StoredPhoto[], refused: number) => {
      if (clearWaiting.run(messageId).changes === 0) return false;
      if (kept.length) photos.addAll({ textMessageId: messageId }, kept);
      if (refused) addRefused.run(refused, messageId);
      return true;
    }),
    threadOfMessage: (messageId: number) =>
      (threadOfMessage.get(messageId) as { thread_id: number } | undefined)?.thread_id ?? null,
    /** Puts an outgoing text (already an outbox row) on its number's thread. */
    recordOutgoing: db.transaction(
      (text: {
        phone: string;
        body: string;
        outboxId: number;
        sender: 'staff' | 'assistant' | 'automatic';
        staffUserId?: number | null;
        at: string;
      }) => {
        const threadId = threadFor(text.phone, text.at);
        insertOutgoing.run({ ...text, threadId, staffUserId: text.staffUserId ?? null });
        touch.run({ id: threadId, at: text.at, contacted: 0 });
        return threadId;
      },
    ),
    optOut: (threadId: number, at: string) => optOut.run(at, threadId).changes === 1,
    optIn: (threadId: number) => optIn.run(threadId).changes === 1,
    takeOver: (threadId: number, userId: number | null, at: string | null) =>
      takeOver.run(at, userId, threadId).changes === 1,
    /** When staff took the thread over (the assistant's rule reads the time); null: nobody holds it. */
    takenOverAt: (id: number) =>
      (takenOverAt.get(id) as { taken_over_at: string | null } | undefined)?.taken_over_at ?? null,
    thread: (id: number) => {
      const r = oneThread.get(id) as ThreadRow | undefined;
      return r ? toThread(r) : undefined;
    },
    threadByPhone: (phone: string) => {
      const r = threadByPhone.get(phone) as ThreadRow | undefined;
      return r ? toThread(r) : undefined;
    },
    threads: (limit = 200) => (threads.all(limit) as ThreadRow[]).map(toThread),
    /** Whether a text with this MessageSid is stored already (a webhook Twilio repeats). */
    hasMessage: (messageSid: string) => knownSid.get(messageSid) !== undefined,
    messages: (threadId: number) => withPhotos(messages.all(threadId) as MessageRow[]),
    /** A thread's latest few messages, oldest first, with where each of ours stands (the timeline). */
    latestMessages: (threadId: number, limit: number) =>
      withPhotos(latest.all(threadId, limit) as MessageRow[]).reverse(),
    messageOfOutbox: (outboxId: number) => {
      const r = messageOfOutbox.get(outboxId) as MessageRow | undefined;
      return r ? withPhotos([r])[0] : undefined;
    },
    threadOfOutbox: (outboxId: number) =>
      (threadOfOutbox.get(outboxId) as { thread_id: number } | undefined)?.thread_id ?? null,
    isOptedOut: (phone: string) => optedOut.get(phone) !== undefined,
    /**
     * The texts' part of "may automatic texts go to this number" (text-consent.ts asks the calls
     * too): it texted the business itself, or ticked a public form's consent line for texts.
     */
    textedUsOrAgreed: (phone: string) =>
      contactedByText.get(phone) !== undefined || forms.hasFormConsent(phone),
  };
}
export type TextRepository = ReturnType<typeof textRepository>;
