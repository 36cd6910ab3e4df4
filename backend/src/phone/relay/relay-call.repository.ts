import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { ReplyLanguage } from '../../assistant/spanish.ts';

// A streamed call's own rows (call_relays, migration 0027). The call is the calls table's (its
// owner, calls/), the conversation stays where every channel keeps it (the assistant's); this is
// what only a socket needs, kept in the database so a new socket for the same call (after a
// restart) picks it up.

/** Why our side ended a session: the `end` message's handoffData, read again by the action URL. */
export interface RelayHandoff {
  /**
   * 'person': put through to the office (or a message, per office hours); 'message': the caller
   * asked to leave one, so it is recorded even while the office is open; 'goodbye': it is over.
   */
  reasonCode: 'person' | 'message' | 'goodbye';
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
}

export function relayCallRepository(db: Db) {
  const read = db.prepare<
    [number],
    {
      greeting: string;
      language: ReplyLanguage;
      handoff: string | null;
      sessions: number;
    }
  >('SELECT greeting, language, handoff, sessions FROM call_relays WHERE call_id = ?');
  // A repeated incoming-call webhook (Twilio retries) answers the same session, greeting unchanged.
  const insert = db.prepare(`INSERT INTO call_relays (call_id, greeting, created_at, updated_at)
    VALUES (@callId, @greeting, @now, @now) ON CONFLICT (call_id) DO NOTHING`);
  const setSessions = db.prepare(
    'UPDATE call_relays SET sessions = sessions + 1, updated_at = @now WHERE call_id = @callId',
  );
  // What a socket changes of its call, one column at a time.
  const setter = (column: 'greeting' | 'language' | 'handoff') => {
    const update = db.prepare(
      `UPDATE call_relays SET ${column} = @value, updated_at = @now WHERE call_id = @callId`,
    );
    return (callId: number, value: string) => void update.run({ callId, value, now: nowIso() });
  };
  const setGreeting = setter('greeting');
  const setLanguage = setter('language');
  const setHandoff = setter('handoff');
  return {
    get(callId: number): RelayCall | undefined {
      const row = read.get(callId);
      return (
        row && {
          greeting: row.greeting,
          language: row.language,
          handoff: row.handoff ? (JSON.parse(row.handoff) as RelayHandoff) : null,
          sessions: row.sessions,
        }
      );
    },
    /** The session was offered to Twilio with this greeting (kept once per call). */
    greeted: (callId: number, greeting: string) => void insert.run({ callId, greeting, now: nowIso() }),
    /** A socket for the call was set up. */
    sessionStarted: (callId: number) => void setSessions.run({ callId, now: nowIso() }),
    greetingCut: (callId: number, spoken: string) => setGreeting(callId, spoken),
    languageChanged: (callId: number, language: ReplyLanguage) => setLanguage(callId, language),
    handedOff: (callId: number, handoff: RelayHandoff) => setHandoff(callId, JSON.stringify(handoff)),
  };
}
export type RelayCallRepository = ReturnType<typeof relayCallRepository>;
