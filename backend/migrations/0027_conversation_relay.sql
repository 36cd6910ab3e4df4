-- The phone line's streaming sessions (Twilio ConversationRelay, issue 24): one row per call answered
-- over a WebSocket. Everything a socket needs to go on lives here and in the call's other rows
-- (assistant_conversations, ai_responses), so a new socket for the same call, after a restart,
-- continues the same conversation with nothing lost.
CREATE TABLE call_relays (
  call_id INTEGER PRIMARY KEY REFERENCES calls (id) ON DELETE CASCADE,
  -- What the caller heard first (cut where they interrupted it).
  greeting TEXT NOT NULL,
  -- The language the caller is spoken to in (ConversationRelay's `language` message).
  language TEXT NOT NULL DEFAULT 'en-US' CHECK (language IN ('en-US', 'es-US')),
  -- Why the session was ended from our side (JSON of the `end` message's handoffData), if it was.
  handoff TEXT,
  -- How many sockets the call has had (a reconnect after a fault counts one more).
  sessions INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
