import type { AiResponse, AiResponseSummary, IntentShare } from '@washdesk/contract';
import { keyedPages, type KeyedPage } from '../db/keyed-pages.ts';
import type { Db } from '../db/database.ts';

interface AiResponseRow {
  id: number;
  channel: AiResponse['channel'];
  call_id: number | null;
  conversation_id: number | null;
  customer_message: string;
  ai_response: string;
  intent: AiResponse['intent'];
  response_time_ms: number | null;
  successful: number;
  photo_request_sent: number;
  knowledge_used: string;
  answered_by: AiResponse['answeredBy'];
  created_at: string;
}

const toAiResponse = (r: AiResponseRow): AiResponse => ({
  id: r.id,
  channel: r.channel,
  callId: r.call_id,
  conversationId: r.conversation_id,
  customerMessage: r.customer_message,
  aiResponse: r.ai_response,
  intent: r.intent,
  responseTimeMs: r.response_time_ms,
  successful: r.successful === 1,
  photoRequestSent: r.photo_request_sent === 1,
  knowledgeUsed: JSON.parse(r.knowledge_used) as string[],
  answeredBy: r.answered_by,
  createdAt: r.created_at,
});

interface SummaryRow {
  total: number;
  successful: number | null;
  timed: number;
  average_ms: number | null;
}

/** The assistant's answer log: the list, its figures and its intents, all computed in SQL. */
export function aiResponseRepository(db: Db) {
  const pages = keyedPages<AiResponseRow>(db, {
    table: 'ai_responses',
    key: 'created_at',
    select: 'SELECT * FROM ai_responses r',
    alias: 'r',
    filters: { callId: 'call_id = @callId' },
  });
  const summary = db.prepare(`SELECT COUNT(*) AS total, SUM(successful = 1) AS successful,
    COUNT(response_time_ms) AS timed, AVG(response_time_ms) AS average_ms FROM ai_responses`);
  const intents = db.prepare(`SELECT intent, COUNT(*) AS count,
    ROUND(COUNT(*) * 100.0 / (SELECT COUNT(*) FROM ai_responses), 1) AS share
    FROM ai_responses GROUP BY intent ORDER BY count DESC, intent`);
  return {
    list(filter: { callId?: number } & KeyedPage) {
      const { rows, total } = pages.page({ callId: filter.callId }, filter);
      return { rows: rows.map(toAiResponse), total };
    },
    summary(): AiResponseSummary {
      const row = summary.get() as SummaryRow;
      const successful = row.successful ?? 0;
      return {
        totalResponses: row.total,
        successfulResponses: successful,
        successRate: row.total ? Math.round((successful / row.total) * 100) : null,
        timedResponses: row.timed,
        averageResponseTimeMs: row.average_ms == null ? null : Math.round(row.average_ms),
      };
    },
    intents: () => intents.all() as IntentShare[],
  };
}
export type AiResponseRepository = ReturnType<typeof aiResponseRepository>;
