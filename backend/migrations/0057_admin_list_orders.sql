-- Issue 38, admin lists at 100,000 rows: every list reads each page's ids from an index that holds
-- its filter and its whole order (the time, then the id, newest first), so neither a page from the
-- oldest end nor a key cursor sorts anything (backend/src/db/keyed-pages.ts). The older indexes
-- ended at the time, leaving ties to a sort; they are replaced by the same names.

DROP INDEX calls_status;
CREATE INDEX calls_status ON calls (status, created_at DESC, id DESC);
CREATE INDEX calls_callback_order ON calls (callback_requested, created_at DESC, id DESC);
CREATE INDEX calls_status_callback_order ON calls (status, callback_requested, created_at DESC, id DESC);

DROP INDEX service_requests_status;
CREATE INDEX service_requests_status ON service_requests (status, created_at DESC, id DESC);

DROP INDEX ai_responses_call;
CREATE INDEX ai_responses_call ON ai_responses (call_id, created_at DESC, id DESC);

-- Messenger lists conversations by their last message, those without one last: '' sorts below
-- every time, so this one key holds that order (the list's statements use the same expression).
CREATE INDEX messenger_conversations_order
  ON messenger_conversations (coalesce(last_message_at, '') DESC, id DESC);
CREATE INDEX messenger_conversations_status_order
  ON messenger_conversations (status, coalesce(last_message_at, '') DESC, id DESC);
