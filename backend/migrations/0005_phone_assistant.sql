-- The phone assistant (issue 13): what happened on a call beyond its status, what each answer
-- was built from, and the assistant's memory of a conversation between webhook requests.

-- The caller asked for a person and nobody could be put through: staff owe them a call back.
ALTER TABLE calls ADD COLUMN callback_requested INTEGER NOT NULL DEFAULT 0;
-- The number the call was put through to when the caller asked for a person.
ALTER TABLE calls ADD COLUMN forwarded_to TEXT;
-- Twilio's SequenceNumber of the last status callback applied: callbacks can arrive out of order,
-- and an older one arriving late must not undo a newer state.
ALTER TABLE calls ADD COLUMN status_sequence INTEGER;

-- Which knowledge an answer used ("faq:12", "common:pricing", "prices", "profile"), as a JSON list.
ALTER TABLE ai_responses ADD COLUMN knowledge_used TEXT NOT NULL DEFAULT '[]';
-- Whether the AI model wrote the answer or the no-model path did (no key, or the model failed).
ALTER TABLE ai_responses ADD COLUMN answered_by TEXT NOT NULL DEFAULT 'fallback'
  CHECK (answered_by IN ('model', 'fallback'));
CREATE INDEX ai_responses_call ON ai_responses (call_id, created_at);
CREATE INDEX appointments_call ON appointments (call_id);

-- One per phone call or Messenger conversation: the booking slots filled so far, re-prompts used,
-- whether the call has ended. JSON, read and written by the assistant only.
CREATE TABLE assistant_conversations (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('phone', 'messenger')),
  call_id INTEGER UNIQUE REFERENCES calls (id) ON DELETE CASCADE,
  conversation_id INTEGER UNIQUE REFERENCES messenger_conversations (id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((call_id IS NULL) <> (conversation_id IS NULL))
);
