import { formatDuration, type AiResponse, type Call } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

interface CallRow {
  id: number;
  call_sid: string | null;
  customer_name: string | null;
  phone_number: string;
  status: string;
  summary: string | null;
  duration_seconds: number | null;
  intent: string | null;
  created_at: string;
  updated_at: string;
}

const toCall = (r: CallRow): Call => ({
  id: r.id,
  callSid: r.call_sid,
  customerName: r.customer_name,
  phoneNumber: r.phone_number,
  status: r.status,
  summary: r.summary,
  duration: formatDuration(r.duration_seconds),
  durationSeconds: r.duration_seconds,
  intent: r.intent,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

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
  createdAt: r.created_at,
});

export function callRepository(db: Db) {
  const page = db.prepare(`SELECT * FROM calls WHERE (@status IS NULL OR status = @status)
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare('SELECT COUNT(*) AS n FROM calls WHERE (@status IS NULL OR status = @status)');
  const one = db.prepare('SELECT * FROM calls WHERE id = ?');
  const responsesPage = db.prepare(
    'SELECT * FROM ai_responses ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset',
  );
  const responsesCount = db.prepare('SELECT COUNT(*) AS n FROM ai_responses');
  return {
    list(filter: { status?: string; limit: number; offset: number }) {
      const params = { status: filter.status ?? null, limit: filter.limit, offset: filter.offset };
      return {
        rows: (page.all(params) as CallRow[]).map(toCall),
        total: (count.get(params) as { n: number }).n,
      };
    },
    get(id: number) {
      const row = one.get(id) as CallRow | undefined;
      return row && toCall(row);
    },
    aiResponses(filter: { limit: number; offset: number }) {
      return {
        rows: (responsesPage.all(filter) as AiResponseRow[]).map(toAiResponse),
        total: (responsesCount.get() as { n: number }).n,
      };
    },
  };
}
export type CallRepository = ReturnType<typeof callRepository>;
