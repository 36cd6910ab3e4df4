import { HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS, type Conversation, type ReplyWindow } from '@washdesk/contract';
import { mayAnswer, takeOverHolds, type ConversationFacts, type Verdict } from '../assistant/may-answer.ts';

// Who may answer a Messenger conversation, and when: Meta's messaging windows for staff, and the
// conversation's facts for the one rule of whether the AI answers (assistant/may-answer.ts, where
// Messenger's differences from texts are stated). The repository only stores the facts (when the
// customer last wrote, who took over and when).

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

/** The stored facts of a conversation at `now`, for the one rule of "may the AI answer" (assistant/may-answer.ts). */
const factsOf = (stored: StoredConversation, now: number, line: MessengerLine): ConversationFacts => ({
  channel: 'messenger',
  now,
  receiving: line.receiving,
  sending: line.sending,
  autoReply: line.autoReply,
  takenOverAt: stored.takenOverBy ? stored.takenOverMs : null,
  lastCustomerMessageAt: stored.lastCustomerMessageMs,
});

/** The staff member handling a conversation now; null once their take-over lapsed (24 h without a staff message). */
export const handlerAt = (
  c: Pick<StoredConversation, 'takenOverBy' | 'takenOverMs'>,
  now: number,
): string | null =>
  c.takenOverBy && takeOverHolds('messenger', c.takenOverMs, now) ? c.takenOverBy : null;

/** May the AI answer the customer's waiting words now; if not, why not (the rule is may-answer.ts's). */
export const aiVerdictAt = (stored: StoredConversation, now: number, line: MessengerLine): Verdict =>
  mayAnswer(factsOf(stored, now, line));

/**
 * The contract's `aiReplies`: the AI answers the conversation's NEXT customer message. That message
 * opens Meta's 24 hours again, so a window that has passed does not stop it.
 */
const answersNextMessage = (verdict: Verdict) => verdict.may || verdict.reason === 'window-passed';

/** A stored conversation as staff and the service see it at `now`: its window, handler and AI. */
export function conversationAt(stored: StoredConversation, now: number, line: MessengerLine): Conversation {
  const { window, endsAt } = replyWindowAt(stored.lastCustomerMessageMs, now);
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
    handledBy: handlerAt(stored, now),
    replyWindow: window,
    aiReplies: answersNextMessage(aiVerdictAt(stored, now, line)),
    replyWindowEndsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
}
