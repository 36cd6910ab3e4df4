-- Texts on the business number, continued (issue 25).
-- 1. The assistant answers texts: a third channel, 'text', whose turns belong to a text thread
--    (0023). ai_responses and assistant_conversations are rebuilt to widen their channel CHECK
--    (SQLite cannot alter a CHECK) and gain text_thread_id; every row and index is kept.
-- 2. Photos a customer texts (MMS) are stored like uploaded photos: the photos table gets a third
--    owner, a text message (rebuilt for its CHECK the same way).
PRAGMA legacy_alter_table = ON;

CREATE TABLE ai_responses_next (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('phone', 'messenger', 'text')),
  call_id INTEGER REFERENCES calls (id) ON DELETE SET NULL,
  conversation_id INTEGER REFERENCES messenger_conversations (id) ON DELETE SET NULL,
  text_thread_id INTEGER REFERENCES text_threads (id) ON DELETE SET NULL,
  customer_message TEXT NOT NULL,
  ai_response TEXT NOT NULL,
  intent TEXT NOT NULL,
  response_time_ms INTEGER,
  successful INTEGER NOT NULL DEFAULT 1,
  photo_request_sent INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  knowledge_used TEXT NOT NULL DEFAULT '[]',
  answered_by TEXT NOT NULL DEFAULT 'fallback' CHECK (answered_by IN ('model', 'fallback'))
);
INSERT INTO ai_responses_next (id, channel, call_id, conversation_id, customer_message, ai_response,
    intent, response_time_ms, successful, photo_request_sent, created_at, knowledge_used, answered_by)
  SELECT id, channel, call_id, conversation_id, customer_message, ai_response, intent,
    response_time_ms, successful, photo_request_sent, created_at, knowledge_used, answered_by
  FROM ai_responses;
DROP TABLE ai_responses;
ALTER TABLE ai_responses_next RENAME TO ai_responses;
CREATE INDEX ai_responses_created ON ai_responses (created_at DESC, id DESC);
CREATE INDEX ai_responses_call ON ai_responses (call_id, created_at);
CREATE INDEX ai_responses_text_thread ON ai_responses (text_thread_id, created_at)
  WHERE text_thread_id IS NOT NULL;

CREATE TABLE assistant_conversations_next (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('phone', 'messenger', 'text')),
  call_id INTEGER UNIQUE REFERENCES calls (id) ON DELETE CASCADE,
  conversation_id INTEGER UNIQUE REFERENCES messenger_conversations (id) ON DELETE CASCADE,
  text_thread_id INTEGER UNIQUE REFERENCES text_threads (id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Exactly one of the three: a call, a Messenger conversation, or a text thread.
  CHECK ((call_id IS NOT NULL) + (conversation_id IS NOT NULL) + (text_thread_id IS NOT NULL) = 1)
);
INSERT INTO assistant_conversations_next (id, channel, call_id, conversation_id, state, updated_at)
  SELECT id, channel, call_id, conversation_id, state, updated_at FROM assistant_conversations;
DROP TABLE assistant_conversations;
ALTER TABLE assistant_conversations_next RENAME TO assistant_conversations;

CREATE TABLE photos_next (
  id TEXT PRIMARY KEY,
  submission_id INTEGER REFERENCES photo_submissions (id) ON DELETE CASCADE,
  service_request_id INTEGER REFERENCES service_requests (id) ON DELETE CASCADE,
  text_message_id INTEGER REFERENCES text_messages (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  original_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Exactly one owner: a photo submission, a service request, or a text message.
  CHECK ((submission_id IS NOT NULL) + (service_request_id IS NOT NULL) + (text_message_id IS NOT NULL) = 1)
);
INSERT INTO photos_next (id, submission_id, service_request_id, position, width, height, bytes,
    original_type, created_at)
  SELECT id, submission_id, service_request_id, position, width, height, bytes, original_type, created_at
  FROM photos;
DROP TABLE photos;
ALTER TABLE photos_next RENAME TO photos;
CREATE INDEX photos_submission ON photos (submission_id, position);
CREATE INDEX photos_service_request ON photos (service_request_id, position);
CREATE INDEX photos_text_message ON photos (text_message_id, position) WHERE text_message_id IS NOT NULL;

PRAGMA legacy_alter_table = OFF;

-- Attachments of a text that were not kept (not an image, too large, or Twilio did not hand them
-- over): the thread says how many, so staff know to ask again.
ALTER TABLE text_messages ADD COLUMN media_refused INTEGER NOT NULL DEFAULT 0;
