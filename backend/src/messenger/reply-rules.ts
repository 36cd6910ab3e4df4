import {
  HUMAN_AGENT_WINDOW_MS,
  STANDARD_WINDOW_MS,
  TAKEOVER_MS,
  type Conversation,
  type ReplyWindow,
} from '@washdesk/contract';

// Who may answer a Messenger conversation, and when: Meta's messaging windows, a staff member's
// takeover, and whether the AI answers. The ONE place these rules live; the repository only
// stores the facts they are judged on (when the customer last wrote, who took over and when).

/** The facts of a conversation as stored, before any rule is applied. */
export type StoredConversation = Omit<
  Conversation,
  'handledBy' | 'aiReplies' | 'replyWindow' | 'replyWindowEndsAt'
> & {
  /** When the customer last wrote (ms), the start of Meta's windows; null: they never did. */
  lastCustomerMessageMs: number | null;
  /** The staff member who last replied, and when (ms): their takeover lasts TAKEOVER_MS. */
  takenOverBy: string | null;
  takenOverMs: number | null;
};

/** What the business's Messenger line can do right now. */
export interface MessengerLine {
  /** Meta's webhook can bring messages in (an app secret is configured). */
  receiving: boolean;
  /** Replies can be sent (a page token is configured). */
  sending: boolean;
  /** Settings → AI → Messenger auto-reply. */
  autoReply: boolean;
}

/** Meta's window at `now` for a conversation whose customer last wrote at `lastCustomerMs`. */
export function replyWindowAt(
  lastCustomerMs: number | null,
  now: number,
): { window: ReplyWindow; endsAt: number | null } {
  if (lastCustomerMs === null) return { window: 'closed', endsAt: null };
  const age = now - lastCustomerMs;
  if (age < STANDARD_WINDOW_MS) return { window: 'standard', endsAt: lastCustomerMs + STANDARD_WINDOW_MS };
  if (age < HUMAN_AGENT_WINDOW_MS)
    return { window: 'human-agent', endsAt: lastCustomerMs + HUMAN_AGENT_WINDOW_MS };
  return { window: 'closed', endsAt: null };
}

/** The staff member handling a conversation now; null once 24 h passed without a staff message. */
export const handlerAt = (
  c: Pick<StoredConversation, 'takenOverBy' | 'takenOverMs'>,
  now: number,
): string | null =>
  c.takenOverBy && c.takenOverMs !== null && now - c.takenOverMs < TAKEOVER_MS ? c.takenOverBy : null;

/** Why the AI does not answer, checked in this order. */
export type AiSilence =
  'not-receiving' | 'not-connected' | 'auto-reply-off' | 'staff-handling' | 'window-passed';

/**
 * THE rule of "may the AI answer this Messenger conversation": the line receives and can send,
 * auto-reply is on, no staff member handles the conversation, and Meta's 24-hour window is open
 * (the AI's reply cannot use the HUMAN_AGENT tag). Null: it may; else why not.
 */
export function aiSilenceOf(
  c: Pick<Conversation, 'handledBy' | 'replyWindow'>,
  line: MessengerLine,
): AiSilence | null {
  if (!line.receiving) return 'not-receiving';
  if (!line.sending) return 'not-connected';
  if (!line.autoReply) return 'auto-reply-off';
  if (c.handledBy !== null) return 'staff-handling';
  if (c.replyWindow !== 'standard') return 'window-passed';
  return null;
}

/** The AI may answer the customer's waiting words now. */
export const aiMayAnswerNow = (c: Pick<Conversation, 'handledBy' | 'replyWindow'>, line: MessengerLine) =>
  aiSilenceOf(c, line) === null;

/**
 * The contract's `aiReplies`: the AI answers the conversation's NEXT customer message. That message
 * opens Meta's 24 hours again, so a window that has passed does not stop it.
 */
export const aiAnswersNextMessage = (
  c: Pick<Conversation, 'handledBy' | 'replyWindow'>,
  line: MessengerLine,
) => {
  const silence = aiSilenceOf(c, line);
  return silence === null || silence === 'window-passed';
};

/** A stored conversation as staff and the service see it at `now`: its window, handler and AI. */
export function conversationAt(stored: StoredConversation, now: number, line: MessengerLine): Conversation {
  const { window, endsAt } = replyWindowAt(stored.lastCustomerMessageMs, now);
  const judged = { handledBy: handlerAt(stored, now), replyWindow: window };
  return {
    id: stored.id,
    facebookUserId: stored.facebookUserId,
    firstName: stored.firstName,
    lastName: stored.lastName,
    profilePic: stored.profilePic,
    status: stored.status,
    lastMessageAt: stored.lastMessageAt,
    lastMessageText: stored.lastMessageText,
    createdAt: stored.createdAt,
    ...judged,
    aiReplies: aiAnswersNextMessage(judged, line),
    replyWindowEndsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
}
