-- One channel vocabulary (issue 32, item 4; contract/src/channels.ts). A text was `sms` in the
-- quote deliveries and `text` everywhere else: it is `text` everywhere now. And texts were missing
-- from the leads' channels, so a new texter got a customer record but no lead: a customer's first
-- text on a thread now files a lead in Requests, as a missed call and a Messenger conversation do.
-- SQLite cannot change a CHECK in place: the tables are rebuilt with their rows (ids kept, so the
-- leads' search index, content = 'leads', still fits). legacy_alter_table keeps the rename from
-- re-checking the triggers that name the table.
PRAGMA legacy_alter_table = ON;

-- Dropping `leads` would cascade to its stage history: kept aside and put back.
CREATE TEMP TABLE lead_stage_changes_kept AS SELECT * FROM lead_stage_changes;
CREATE TABLE leads_next (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL
    CHECK (channel IN ('wizard', 'photo-form', 'quote-tool', 'phone', 'text', 'messenger')),
  -- The row in that channel's table: service_requests, photo_submissions, calls, text_threads,
  -- messenger_conversations.
  source_id INTEGER NOT NULL,
  name TEXT,
  phone TEXT,
  -- The digits of the phone's key (contract/src/phone-number.ts): what the requests search finds.
  phone_digits TEXT,
  email TEXT,
  address TEXT,
  -- The service asked for, as the channel stored it (the API gives its label).
  asked_for TEXT,
  -- The wizard's timeline: asap, week, month.
  timeline TEXT,
  detail TEXT,
  created_at TEXT NOT NULL,
  stage TEXT NOT NULL DEFAULT 'new'
    CHECK (stage IN ('new', 'contacted', 'estimate-booked', 'quoted', 'won', 'lost')),
  lost_reason TEXT,
  stage_changed_at TEXT,
  stage_changed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  estimate_appointment_id INTEGER REFERENCES appointments (id) ON DELETE SET NULL,
  UNIQUE (channel, source_id)
);
INSERT INTO leads_next (id, channel, source_id, name, phone, phone_digits, email, address, asked_for, timeline,
  detail, created_at, stage, lost_reason, stage_changed_at, stage_changed_by, estimate_appointment_id)
SELECT id, channel, source_id, name, phone, phone_digits, email, address, asked_for, timeline,
  detail, created_at, stage, lost_reason, stage_changed_at, stage_changed_by, estimate_appointment_id FROM leads;
DROP TABLE leads;
ALTER TABLE leads_next RENAME TO leads;
INSERT OR IGNORE INTO lead_stage_changes SELECT * FROM lead_stage_changes_kept;
DROP TABLE lead_stage_changes_kept;

CREATE INDEX leads_channel ON leads (channel, created_at DESC);
CREATE INDEX leads_created ON leads (created_at DESC, id DESC);
CREATE INDEX leads_phone ON leads (phone_digits);
CREATE INDEX leads_stage ON leads (stage, created_at DESC);
CREATE INDEX leads_stage_channel ON leads (stage, channel, created_at DESC);
CREATE TRIGGER leads_search_add AFTER INSERT ON leads BEGIN
  INSERT INTO leads_search (rowid, name, email, address, phone_digits)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.address, NEW.phone_digits);
END;
CREATE TRIGGER leads_search_drop AFTER DELETE ON leads BEGIN
  INSERT INTO leads_search (leads_search, rowid, name, email, address, phone_digits)
  VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.address, OLD.phone_digits);
END;
CREATE TRIGGER leads_search_follow AFTER UPDATE OF name, email, address, phone_digits ON leads BEGIN
  INSERT INTO leads_search (leads_search, rowid, name, email, address, phone_digits)
  VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.address, OLD.phone_digits);
  INSERT INTO leads_search (rowid, name, email, address, phone_digits)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.address, NEW.phone_digits);
END;

-- A customer's first text on a thread files its lead: named after the customer record the number
-- belongs to (the customers' trigger filed the thread first), its words as the lead's detail. A
-- thread the business opened (a missed-call text-back) files one when the customer answers.
-- Threads from before this migration file none: their texts were read on the Texts screen.
CREATE TRIGGER leads_from_texts AFTER INSERT ON text_messages WHEN NEW.direction = 'in' BEGIN
  INSERT OR IGNORE INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
  SELECT 'text', t.id,
    (SELECT c.name FROM customer_items i JOIN customers c ON c.id = i.customer_id
      WHERE i.kind = 'text' AND i.source_id = t.id),
    t.phone, substr(phone_key(t.phone), 7), NULLIF(trim(NEW.body), ''), NEW.created_at
  FROM text_threads t WHERE t.id = NEW.thread_id;
END;
CREATE TRIGGER leads_drop_text_threads AFTER DELETE ON text_threads BEGIN
  DELETE FROM leads WHERE channel = 'text' AND source_id = OLD.id;
END;

-- A quote texted to the customer: `text`, as every other text.
CREATE TABLE quote_deliveries_next (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES sent_quotes (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'text', 'link')),
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed', 'not-configured', 'no-recipient', 'copied')),
  recipient TEXT,
  problem TEXT,
  at TEXT NOT NULL
);
INSERT INTO quote_deliveries_next (id, quote_id, channel, outcome, recipient, problem, at)
SELECT id, quote_id, CASE channel WHEN 'sms' THEN 'text' ELSE channel END, outcome, recipient, problem, at
FROM quote_deliveries;
DROP TABLE quote_deliveries;
ALTER TABLE quote_deliveries_next RENAME TO quote_deliveries;
CREATE INDEX quote_deliveries_quote ON quote_deliveries (quote_id, id);

-- How staff's answers to quote questions went (JSON, one delivery per way it was sent).
UPDATE quote_questions SET answer_deliveries = (
  SELECT json_group_array(CASE WHEN json_extract(d.value, '$.channel') = 'sms'
    THEN json_set(d.value, '$.channel', 'text') ELSE json(d.value) END)
  FROM json_each(quote_questions.answer_deliveries) d)
WHERE json_valid(answer_deliveries) AND json_type(answer_deliveries) = 'array'
  AND EXISTS (SELECT 1 FROM json_each(quote_questions.answer_deliveries) d
    WHERE json_extract(d.value, '$.channel') = 'sms');

PRAGMA legacy_alter_table = OFF;
