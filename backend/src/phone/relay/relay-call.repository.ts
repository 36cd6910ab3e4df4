import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { ReplyLanguage } from '../../assistant/spanish.ts';

// A streamed call's own rows (call_relays, migration 0027). The conversation itself stays where
// every channel keeps it (assistant_conversations, ai_responses); this is what only a socket needs,
// kept in the database so a new socket for the same call (after a restart) picks it up.

/** Why our side ended a session: the `end` message's handoffData, read again by the action URL. */
export interface RelayHandoff {
  /** 'person': put through to the office; 'goodbye': the conversation is over. */
  reasonCode: 'person' | 'goodbye';
  /** What the caller asked for, in their words or as what they pressed. */
  reason: string;
  callerName: string | null;
  callerNumber: string;
  /** What was asked and agreed so far (the call summary's wording). */
  summary: string | null;
}

export interface RelayCall {
  greeting: string;
  language: ReplyLanguage;
  handoff: RelayHandoff | null;
  sessions: number;
  /** The call was already put through to the office (which was told who and why then). */
  officeTold: boolean;
}

export function relayCallRepository(db: Db) {
  const read = db.prepare<
    [number],
    {
      greeting: string;
      language: ReplyLanguage;
      handoff: string | null;
      sessions: number;
      forwarded: 0 | 1;
    }
  >(`SELECT greeting, language, handoff, sessions,
    (SELECT forwarded_to IS NOT NULL FROM calls WHERE calls.id = call_id) AS forwarded
    FROM call_relays WHERE call_id = ?`);
  // A repeated incoming-call webhook (Twilio retries) answers the same session, greeting unchanged.
  const insert = db.prepare(`INSERT INTO call_relays (call_id, greeting, created_at, updated_at)
    VALUES (@callId, @greeting, @now, @now) ON CONFLICT (call_id) DO NOTHING`);
  const setSessions = db.prepare(
    'UPDATE call_relays SET sessions = sessions + 1, updated_at = @now WHERE call_id = @callId',
  );
  const setGreeting = db.prepare(
    'UPDATE call_relays SET greeting = @greeting, updated_at = @now WHERE call_id = @callId',
  );
  const setLanguage = db.prepare(
    'UPDATE call_relays SET language = @language, updated_at = @now WHERE call_id = @callId',
  );
  const setHandoff = db.prepare(
    'UPDATE call_relays SET handoff = @handoff, updated_at = @now WHERE call_id = @callId',
  );
  const bySid = db.prepare<[string], { status: string; handoff: string | null; sessions: number }>(
    `SELECT calls.status, call_relays.handoff, call_relays.sessions FROM calls
      JOIN call_relays ON call_relays.call_id = calls.id WHERE calls.call_sid = ?`,
  );
  // The AI response log keeps what the caller heard: an interrupted reply ends where they cut in.
  const cutReply = db.prepare(
    'UPDATE ai_responses SET ai_response = @spoken WHERE id = @responseId AND call_id = @callId',
  );

  return {
    get(callId: number): RelayCall | undefined {
      const row = read.get(callId);
      return (
        row && {
          greeting: row.greeting,
          language: row.language,
          handoff: row.handoff ? (JSON.parse(row.handoff) as RelayHandoff) : null,
          sessions: row.sessions,
          officeTold: row.forwarded === 1,
        }
      );
    },
    /** The session was offered to Twilio with this greeting (kept once per call). */
    greeted: (callId: number, greeting: string) => void insert.run({ callId, greeting, now: nowIso() }),
    /** What a new socket for this CallSid finds: undefined when the line never handed it to one. */
    ofCallSid(callSid: string) {
      const row = bySid.get(callSid);
      return row && { status: row.status, endedByUs: row.handoff !== null, sessions: row.sessions };
    },
    /** A socket for the call was set up. */
    sessionStarted: (callId: number) => void setSessions.run({ callId, now: nowIso() }),
    greetingCut: (callId: number, spoken: string) =>
      void setGreeting.run({ callId, greeting: spoken, now: nowIso() }),
    languageChanged: (callId: number, language: ReplyLanguage) =>
      void setLanguage.run({ callId, language, now: nowIso() }),
    /** Only what was spoken of a reply is kept; returns whether that reply was this call's. */
    replyCut: (callId: number, responseId: number, spoken: string) =>
      cutReply.run({ callId, responseId, spoken }).changes > 0,
    handedOff: (callId: number, handoff: RelayHandoff) =>
      void setHandoff.run({ callId, handoff: JSON.stringify(handoff), now: nowIso() }),
  };
}
export type RelayCallRepository = ReturnType<typeof relayCallRepository>;
