import type { AiAnswerSource, AiIntent, AiResponseChannel } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import type { FaqRepository } from '../faq/faq.repository.ts';

/** Which conversation a turn belongs to: a phone call, a Messenger conversation or a text thread. */
export interface ConversationRef {
  channel: AiResponseChannel;
  callId?: number;
  conversationId?: number;
  textThreadId?: number;
}

export interface LoggedAnswer extends ConversationRef {
  customerMessage: string;
  reply: string;
  intent: AiIntent;
  responseTimeMs: number;
  successful: boolean;
  knowledgeUsed: string[];
  answeredBy: AiAnswerSource;
}

export interface PastTurn {
  customer: string;
  assistant: string;
  intent: AiIntent;
}

/**
 * The assistant's own tables: each conversation's memory and the AI response log. An answer that
 * used FAQ entries counts their use through the FAQ's owner, in the log's transaction.
 */
export function assistantRepository(db: Db, deps: { faq: Pick<FaqRepository, 'countUse'> }) {
  const stateOfCall = db.prepare('SELECT state FROM assistant_conversations WHERE call_id = ?');
  const stateOfConversation = db.prepare(
    'SELECT state FROM assistant_conversations WHERE conversation_id = ?',
  );
  const stateOfTextThread = db.prepare('SELECT state FROM assistant_conversations WHERE text_thread_id = ?');
  const saveTextThreadState =
    db.prepare(`INSERT INTO assistant_conversations (channel, text_thread_id, state, updated_at)
    VALUES (@channel, @id, @state, @now)
    ON CONFLICT (text_thread_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`);
  const saveCallState = db.prepare(`INSERT INTO assistant_conversations (channel, call_id, state, updated_at)
    VALUES (@channel, @id, @state, @now)
    ON CONFLICT (call_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`);
  const saveConversationState =
    db.prepare(`INSERT INTO assistant_conversations (channel, conversation_id, state, updated_at)
    VALUES (@channel, @id, @state, @now)
    ON CONFLICT (conversation_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`);
  const log = db.prepare(`INSERT INTO ai_responses (channel, call_id, conversation_id, text_thread_id,
    customer_message, ai_response, intent, response_time_ms, successful, knowledge_used, answered_by, created_at)
    VALUES (@channel, @callId, @conversationId, @textThreadId, @customerMessage, @reply, @intent,
    @responseTimeMs, @successful, @knowledgeUsed, @answeredBy, @now)`);
  const markPhotoLink = db.prepare('UPDATE ai_responses SET photo_request_sent = 1 WHERE id = ?');
  // The AI response log keeps what the caller heard: an interrupted reply ends where they cut in.
  const cutReply = db.prepare(
    'UPDATE ai_responses SET ai_response = @spoken WHERE id = @responseId AND call_id = @callId',
  );
  const turnsOfCall = db.prepare(`SELECT customer_message, ai_response, intent FROM ai_responses
    WHERE call_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`);
  const turnsOfTextThread = db.prepare(`SELECT customer_message, ai_response, intent FROM ai_responses
    WHERE text_thread_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`);
  const turnsOfConversation = db.prepare(`SELECT customer_message, ai_response, intent FROM ai_responses
    WHERE conversation_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`);
  type TurnRow = { customer_message: string; ai_response: string; intent: AiIntent };
  const toTurns = (rows: TurnRow[]): PastTurn[] =>
    rows.reverse().map((r) => ({ customer: r.customer_message, assistant: r.ai_response, intent: r.intent }));

  return {
    loadState<T>(ref: ConversationRef): T | undefined {
      const row = (
        ref.callId !== undefined
          ? stateOfCall.get(ref.callId)
          : ref.textThreadId !== undefined
            ? stateOfTextThread.get(ref.textThreadId)
            : stateOfConversation.get(ref.conversationId)
      ) as { state: string } | undefined;
      return row ? (JSON.parse(row.state) as T) : undefined;
    },
    saveState(ref: ConversationRef, state: unknown) {
      const params = { channel: ref.channel, state: JSON.stringify(state), now: nowIso() };
      if (ref.callId !== undefined) saveCallState.run({ ...params, id: ref.callId });
      else if (ref.conversationId !== undefined)
        saveConversationState.run({ ...params, id: ref.conversationId });
      else if (ref.textThreadId !== undefined) saveTextThreadState.run({ ...params, id: ref.textThreadId });
    },
    /** One answer in the AI response log; FAQ entries it used count one more use. Returns the row id. */
    logAnswer(answer: LoggedAnswer): number {
      return db.transaction(() => {
        const { lastInsertRowid } = log.run({
          channel: answer.channel,
          callId: answer.callId ?? null,
          conversationId: answer.conversationId ?? null,
          textThreadId: answer.textThreadId ?? null,
          customerMessage: answer.customerMessage,
          reply: answer.reply,
          intent: answer.intent,
          responseTimeMs: Math.round(answer.responseTimeMs),
          successful: answer.successful ? 1 : 0,
          knowledgeUsed: JSON.stringify(answer.knowledgeUsed),
          answeredBy: answer.answeredBy,
          now: nowIso(),
        });
        for (const id of answer.knowledgeUsed) {
          if (id.startsWith('faq:')) deps.faq.countUse(Number(id.slice(4)));
        }
        return Number(lastInsertRowid);
      })();
    },
    markPhotoLinkSent: (responseId: number) => void markPhotoLink.run(responseId),
    /** The last `limit` turns of a call or conversation, oldest first. */
    recentTurns(ref: ConversationRef, limit: number): PastTurn[] {
      const rows =
        ref.callId !== undefined
          ? turnsOfCall.all(ref.callId, limit)
          : ref.conversationId !== undefined
            ? turnsOfConversation.all(ref.conversationId, limit)
            : ref.textThreadId !== undefined
              ? turnsOfTextThread.all(ref.textThreadId, limit)
              : [];
      return toTurns(rows as TurnRow[]);
    },
    /** Only what was spoken of a reply is kept; returns whether that reply was this call's. */
    replyCut: (callId: number, responseId: number, spoken: string) =>
      cutReply.run({ callId, responseId, spoken }).changes > 0,
  };
}
export type AssistantRepository = ReturnType<typeof assistantRepository>;
