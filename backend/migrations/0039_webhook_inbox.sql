-- One webhook inbox (issue 32): every provider event Washdesk acts on is written here, keyed by the
-- provider and the provider's own id for the event, in the same transaction as what it changes.
-- A retried, replayed or reordered delivery finds its row and changes nothing. Provider-specific
-- columns that deduped before (text_messages.message_sid, messenger_messages.mid, …) stay as data.
CREATE TABLE webhook_events (
  provider TEXT NOT NULL CHECK (provider IN ('twilio', 'meta', 'stripe')),
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  received_at TEXT NOT NULL,
  -- What the provider was answered (TwiML, a status): a duplicate gets the same answer again.
  answer_status INTEGER,
  answer_type TEXT,
  answer_body TEXT,
  PRIMARY KEY (provider, event_id)
) WITHOUT ROWID;
