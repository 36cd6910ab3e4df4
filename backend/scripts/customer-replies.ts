import Database from 'better-sqlite3';

// What the business answered a customer, read back from the server's own database (read-only) by
// `npm run text`: the replies the server stored, each with what became of it. A reply the server
// could not send says so; nothing here claims a text reached a phone that no provider confirmed.

export interface Reply {
  id: number;
  /** Who wrote it: 'assistant', 'staff' or 'automatic'. */
  sender: string;
  body: string;
  /** What became of it, in plain words ("sent to Twilio", "not sent: …", "waiting in the outbox"). */
  fate: string;
  /** False while the server may still change it (waiting to send, sending). */
  settled: boolean;
}

interface TextRow {
  id: number;
  sender: string;
  body: string;
  state: string | null;
  due_at: string | null;
  error: string | null;
  delivery_status: string | null;
  delivery_error: string | null;
}

function textFate(r: TextRow, now: number): Pick<Reply, 'fate' | 'settled'> {
  if (r.state === 'sent') {
    if (r.delivery_status === 'delivered') return { fate: 'delivered', settled: true };
    if (r.delivery_status === 'undelivered' || r.delivery_status === 'failed')
      return { fate: `not delivered: ${r.delivery_error ?? r.delivery_status}`, settled: true };
    return { fate: 'sent to Twilio', settled: true };
  }
  if (r.state === 'failed')
    return { fate: `not sent: ${r.error ?? 'the provider refused it'}`, settled: true };
  if (r.state === 'cancelled') return { fate: `not sent: ${r.error ?? 'cancelled'}`, settled: true };
  if (r.state === 'pending' && r.due_at && Date.parse(r.due_at) > now + 60_000)
    return { fate: `waiting in the outbox until ${r.due_at} (quiet hours)`, settled: true };
  return { fate: r.state === 'sending' ? 'sending' : 'waiting in the outbox', settled: false };
}

const MESSENGER_FATES: Record<string, Pick<Reply, 'fate' | 'settled'>> = {
  pending: { fate: 'waiting to send', settled: false },
  sent: { fate: 'sent to Messenger', settled: true },
  not_delivered: { fate: 'not sent', settled: true },
};

/** The server's database, opened read-only: the server stays its only writer. */
export function customerReplies(databaseFile: string) {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const texts = db.prepare(`SELECT m.id, m.sender, m.body, o.state, o.due_at, o.error, o.delivery_status,
      o.delivery_error
    FROM text_messages m JOIN text_threads t ON t.id = m.thread_id
    LEFT JOIN outbox_messages o ON o.id = m.outbox_id
    WHERE t.phone = ? AND m.direction = 'out' AND m.id > ? ORDER BY m.id`);
  const lastText = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM text_messages');
  const messages = db.prepare(`SELECT m.id, m.sender, m.message_text AS body, m.delivery_status,
      m.delivery_error
    FROM messenger_messages m JOIN messenger_conversations c ON c.id = m.conversation_id
    WHERE c.facebook_user_id = ? AND m.sender != 'customer' AND m.id > ? ORDER BY m.id`);
  const lastMessage = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM messenger_messages');
  return {
    /** The newest reply id so far: only replies after it answer what is sent next. */
    lastTextId: () => (lastText.get() as { id: number }).id,
    lastMessageId: () => (lastMessage.get() as { id: number }).id,
    textsTo: (phone: string, afterId: number, now = Date.now()): Reply[] =>
      (texts.all(phone, afterId) as TextRow[]).map((r) => ({
        id: r.id,
        sender: r.sender,
        body: r.body,
        ...textFate(r, now),
      })),
    messagesTo: (psid: string, afterId: number): Reply[] =>
      (
        messages.all(psid, afterId) as {
          id: number;
          sender: string;
          body: string;
          delivery_status: string;
          delivery_error: string | null;
        }[]
      ).map((r) => {
        const known = MESSENGER_FATES[r.delivery_status] ?? { fate: r.delivery_status, settled: true };
        const fate =
          r.delivery_status === 'not_delivered' && r.delivery_error
            ? `not sent: ${r.delivery_error}`
            : known.fate;
        return { id: r.id, sender: r.sender, body: r.body, fate, settled: known.settled };
      }),
    close: () => db.close(),
  };
}
export type CustomerReplies = ReturnType<typeof customerReplies>;
