-- Issue 21 item 14: staff see whether the customer has their quote, and answer questions on it.
-- A copied link is a way the quote reaches the customer too (staff paste it into their own
-- e-mail or text), so quote_deliveries takes the channel 'link' with the outcome 'copied'.
-- SQLite cannot change a CHECK in place: the table is rebuilt with its rows.

CREATE TABLE quote_deliveries_new (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'link')),
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed', 'not-configured', 'no-recipient', 'copied')),
  recipient TEXT,
  problem TEXT,
  at TEXT NOT NULL
);
INSERT INTO quote_deliveries_new (id, quote_id, channel, outcome, recipient, problem, at)
  SELECT id, quote_id, channel, outcome, recipient, problem, at FROM quote_deliveries;
DROP TABLE quote_deliveries;
ALTER TABLE quote_deliveries_new RENAME TO quote_deliveries;
CREATE INDEX quote_deliveries_quote ON quote_deliveries (quote_id, id);

-- Staff's answer to a customer's question: the words, who answered and when, and how it went
-- (JSON: one delivery per way it was sent, or none when staff answered by phone themselves).
ALTER TABLE quote_questions ADD COLUMN answer TEXT;
ALTER TABLE quote_questions ADD COLUMN answered_at TEXT;
ALTER TABLE quote_questions ADD COLUMN answered_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE quote_questions ADD COLUMN answer_deliveries TEXT;
CREATE INDEX quote_questions_unanswered ON quote_questions (quote_id) WHERE answered_at IS NULL;
