import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import type { Assistant } from './assistant-turn.ts';

/** Waits before a reply (Settings → Response Delay); tests pass one that returns at once. */
export type Pause = (ms: number) => Promise<void>;
export const realPause: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AssistantDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  pause?: Pause;
}

// First cut so the channels can be built against the interface; the knowledge, booking and model
// paths replace it.
export function createAssistant({ db, config }: AssistantDeps): Assistant {
  const log = db.prepare(`INSERT INTO ai_responses (channel, call_id, conversation_id, customer_message,
    ai_response, intent, response_time_ms, successful, knowledge_used, answered_by, created_at)
    VALUES (@channel, @callId, @conversationId, @message, @reply, 'other', 0, 0, '[]', 'fallback', @now)`);
  const markPhotoLink = db.prepare('UPDATE ai_responses SET photo_request_sent = 1 WHERE id = ?');
  const NO_ANSWER = "I don't have that information, I'll have someone from the office call you back.";
  return {
    greeting: () =>
      `Thanks for calling ${config.business.name}. I'm the virtual assistant. How can I help you today?`,
    async turn(input) {
      const reply = NO_ANSWER;
      const { lastInsertRowid } = log.run({
        channel: input.channel,
        callId: input.callId ?? null,
        conversationId: input.conversationId ?? null,
        message: input.message,
        reply,
        now: new Date().toISOString(),
      });
      return {
        reply,
        intent: 'other',
        action: { type: 'none' },
        endOfConversation: false,
        responseId: Number(lastInsertRowid),
        answeredBy: 'fallback',
        knowledgeUsed: [],
      };
    },
    photoLinkSent: (responseId) => void markPhotoLink.run(responseId),
    summarizeCall: () => Promise.resolve(null),
  };
}
