-- Quotes for any lead (issue 33, item 2). A quote was only ever a photo submission's; now staff
-- quote any lead (a web request, a call, a text, a Messenger conversation, a submission) or a
-- customer's record, line by line with add-ons the customer ticks, and the customer accepts with
-- a typed name and a tick, kept with the evidence a dispute needs. "Book the job" makes one job.
--
-- `submission_id` becomes optional, which SQLite cannot change in place: the table is rebuilt with
-- its rows. Its two child tables are rebuilt first against the new table (dropping the parent with
-- foreign keys on would delete their rows), and the rename points them at `sent_quotes` again.

CREATE TABLE sent_quotes_next (
  id INTEGER PRIMARY KEY,
  -- Set for a photo submission's quote (the spec's "Create Quote" path); null for any other lead.
  submission_id INTEGER REFERENCES photo_submissions (id) ON DELETE CASCADE,
  -- The inbox lead it was made from, or the customer's record it was made on.
  lead_id INTEGER REFERENCES leads (id) ON DELETE SET NULL,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  -- Where the quote was sent and the job will call (a submission's quote reads its submission).
  customer_phone TEXT,
  customer_email TEXT,
  token TEXT NOT NULL UNIQUE,
  -- The quoted price without add-ons: the lines' sum, or the amount staff typed for a submission.
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents >= 0),
  -- The document as sent (JSON, every amount in cents): letterhead, customer, lines, add-ons.
  document TEXT NOT NULL,
  sent_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  sent_at TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  superseded_at TEXT,
  opened_at TEXT,
  accepted_at TEXT,
  -- The acceptance's evidence: the name the customer typed (the tick is required to get here),
  -- where from, with what browser, the add-ons they ticked, the total they accepted and the
  -- SHA-256 of exactly what the page showed them (see quote-sending/accepted-evidence.ts).
  accepted_name TEXT,
  accepted_ip TEXT,
  accepted_user_agent TEXT,
  accepted_add_on_ids TEXT,
  accepted_total_cents INTEGER
    CHECK (accepted_total_cents IS NULL OR (typeof(accepted_total_cents) = 'integer' AND accepted_total_cents >= 0)),
  accepted_shown_sha256 TEXT
);

-- Old documents carried a dollar `subtotal` per line (always null in practice): the same line in
-- cents, with no unit price and no add-ons.
INSERT INTO sent_quotes_next (id, submission_id, token, amount_cents, document, sent_by, sent_at,
  valid_until, superseded_at, opened_at, accepted_at)
SELECT id, submission_id, token, amount_cents,
  json_set(json_remove(document, '$.lines'), '$.lines', json((SELECT json_group_array(json_object(
      'service', json_extract(l.value, '$.service'),
      'squareFeet', json_extract(l.value, '$.squareFeet'),
      'unitPriceCents', NULL,
      'amountCents', CASE WHEN json_extract(l.value, '$.subtotal') IS NULL THEN NULL
        ELSE CAST(round(json_extract(l.value, '$.subtotal') * 100) AS INTEGER) END))
    FROM json_each(sent_quotes.document, '$.lines') l)), '$.addOns', json('[]')),
  sent_by, sent_at, valid_until, superseded_at, opened_at, accepted_at
FROM sent_quotes;

CREATE TABLE quote_deliveries_next (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes_next (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'text', 'link')),
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed', 'not-configured', 'no-recipient', 'copied')),
  recipient TEXT,
  problem TEXT,
  at TEXT NOT NULL
);
INSERT INTO quote_deliveries_next SELECT id, quote_id, channel, outcome, recipient, problem, at FROM quote_deliveries;

CREATE TABLE quote_questions_next (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes_next (id) ON DELETE CASCADE,
  question TEXT NOT NULL,
  asked_at TEXT NOT NULL,
  answer TEXT,
  answered_at TEXT,
  answered_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  answer_deliveries TEXT
);
INSERT INTO quote_questions_next SELECT id, quote_id, question, asked_at, answer, answered_at, answered_by,
  answer_deliveries FROM quote_questions;

-- The check: every row came across. A failing check stops the upgrade with nothing applied.
CREATE TEMP TABLE quotes_check (ok INTEGER NOT NULL);
INSERT INTO quotes_check (ok) SELECT CASE WHEN
  (SELECT count(*) FROM sent_quotes) = (SELECT count(*) FROM sent_quotes_next)
  AND (SELECT count(*) FROM quote_deliveries) = (SELECT count(*) FROM quote_deliveries_next)
  AND (SELECT count(*) FROM quote_questions) = (SELECT count(*) FROM quote_questions_next)
  THEN 1 END;
DROP TABLE quotes_check;

DROP TABLE quote_deliveries;
DROP TABLE quote_questions;
DROP TABLE sent_quotes;
ALTER TABLE sent_quotes_next RENAME TO sent_quotes;
ALTER TABLE quote_deliveries_next RENAME TO quote_deliveries;
ALTER TABLE quote_questions_next RENAME TO quote_questions;
CREATE INDEX sent_quotes_submission ON sent_quotes (submission_id, id DESC);
CREATE INDEX sent_quotes_lead ON sent_quotes (lead_id, id DESC) WHERE lead_id IS NOT NULL;
CREATE INDEX sent_quotes_customer ON sent_quotes (customer_id, id DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX quote_deliveries_quote ON quote_deliveries (quote_id, id);
CREATE INDEX quote_questions_quote ON quote_questions (quote_id, id);
CREATE INDEX quote_questions_unanswered ON quote_questions (quote_id) WHERE answered_at IS NULL;

-- "Book the job" twice makes one job: the second press finds the first.
CREATE UNIQUE INDEX jobs_one_per_quote ON jobs (quote_id) WHERE quote_id IS NOT NULL;
