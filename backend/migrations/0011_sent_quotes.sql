-- Quotes sent to customers (issue 16): a document at an unguessable link the customer opens,
-- accepts or asks about. Sending again makes a new quote and supersedes the ones still open.

CREATE TABLE sent_quotes (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL REFERENCES photo_submissions (id) ON DELETE CASCADE,
  -- 32 random bytes, base64url: the link's only secret. Kept as is so staff can copy the link again.
  token TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  -- The document as sent (JSON: letterhead, customer, lines, terms), so a later edit of the
  -- submission or the business profile never changes what the customer was offered.
  document TEXT NOT NULL,
  sent_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  sent_at TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  superseded_at TEXT,
  -- The customer's first visit; staff never open it through this link's API.
  opened_at TEXT,
  accepted_at TEXT
);
CREATE INDEX sent_quotes_submission ON sent_quotes (submission_id, id DESC);

-- Each way the quote was sent (or why it was not), per channel.
CREATE TABLE quote_deliveries (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed', 'not-configured', 'no-recipient')),
  recipient TEXT,
  problem TEXT,
  at TEXT NOT NULL
);
CREATE INDEX quote_deliveries_quote ON quote_deliveries (quote_id, id);

-- "Ask a question" on the quote's page.
CREATE TABLE quote_questions (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes (id) ON DELETE CASCADE,
  question TEXT NOT NULL,
  asked_at TEXT NOT NULL
);
CREATE INDEX quote_questions_quote ON quote_questions (quote_id, id);
