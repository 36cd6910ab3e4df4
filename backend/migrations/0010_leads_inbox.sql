-- The requests inbox (issue 16): every lead from every channel in one list, with a pipeline stage.
-- Leads are kept by triggers on the tables each channel writes, so no writer can forget one and a
-- rolled-back write leaves no lead behind; the inbox reads one indexed table, not a UNION of five.

CREATE TABLE leads (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('wizard', 'photo-form', 'quote-tool', 'phone', 'messenger')),
  -- The row in that channel's table: service_requests, photo_submissions, calls, messenger_conversations.
  source_id INTEGER NOT NULL,
  name TEXT,
  phone TEXT,
  -- The last ten digits of the phone: "(707) 555-0123" and "+17075550123" are one number.
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
  UNIQUE (channel, source_id)
);
CREATE INDEX leads_created ON leads (created_at DESC, id DESC);
CREATE INDEX leads_stage ON leads (stage, created_at DESC);
CREATE INDEX leads_channel ON leads (channel, created_at DESC);
CREATE INDEX leads_phone ON leads (phone_digits);

-- Who moved a lead to which stage, and when.
CREATE TABLE lead_stage_changes (
  id INTEGER PRIMARY KEY,
  lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  stage TEXT NOT NULL,
  lost_reason TEXT,
  changed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  changed_at TEXT NOT NULL
);
CREATE INDEX lead_stage_changes_lead ON lead_stage_changes (lead_id, id);

-- Wizard requests.
CREATE TRIGGER leads_from_service_requests AFTER INSERT ON service_requests BEGIN
  INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, timeline, detail, created_at)
  VALUES ('wizard', NEW.id, trim(NEW.first_name || ' ' || NEW.last_name), NEW.phone,
    substr(replace(replace(replace(replace(replace(replace(NEW.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
    NEW.email, trim(NEW.address || IFNULL(', ' || NEW.city, '')), NEW.service_type, NEW.urgency, NEW.description, NEW.created_at);
END;
CREATE TRIGGER leads_drop_service_requests AFTER DELETE ON service_requests BEGIN
  DELETE FROM leads WHERE channel = 'wizard' AND source_id = OLD.id;
END;

-- Photo form and quote tool submissions (the quote tool names its service once quoted).
CREATE TRIGGER leads_from_photo_submissions AFTER INSERT ON photo_submissions BEGIN
  INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, detail, created_at)
  VALUES (CASE NEW.source WHEN 'quote-tool' THEN 'quote-tool' ELSE 'photo-form' END, NEW.id,
    NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''), NEW.phone,
    substr(replace(replace(replace(replace(replace(replace(NEW.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
    NEW.email, NEW.address, NEW.service_type, NEW.notes, NEW.created_at);
END;
CREATE TRIGGER leads_follow_photo_submissions AFTER UPDATE OF service_type, first_name, last_name ON photo_submissions BEGIN
  UPDATE leads SET asked_for = NEW.service_type,
    name = NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), '')
  WHERE channel IN ('photo-form', 'quote-tool') AND source_id = NEW.id;
END;
CREATE TRIGGER leads_drop_photo_submissions AFTER DELETE ON photo_submissions BEGIN
  DELETE FROM leads WHERE channel IN ('photo-form', 'quote-tool') AND source_id = OLD.id;
END;

-- Calls that need someone: missed, or the caller asked to be called back.
CREATE TRIGGER leads_from_calls AFTER INSERT ON calls WHEN NEW.status = 'missed' OR NEW.callback_requested = 1 BEGIN
  INSERT OR IGNORE INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
  VALUES ('phone', NEW.id, NEW.customer_name, NEW.phone_number,
    substr(replace(replace(replace(replace(replace(replace(NEW.phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
    NEW.summary, NEW.created_at);
END;
CREATE TRIGGER leads_from_changed_calls AFTER UPDATE OF status, callback_requested ON calls
  WHEN NEW.status = 'missed' OR NEW.callback_requested = 1 BEGIN
  INSERT OR IGNORE INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
  VALUES ('phone', NEW.id, NEW.customer_name, NEW.phone_number,
    substr(replace(replace(replace(replace(replace(replace(NEW.phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
    NEW.summary, NEW.created_at);
END;
CREATE TRIGGER leads_follow_calls AFTER UPDATE OF customer_name, summary ON calls BEGIN
  UPDATE leads SET name = NEW.customer_name, detail = NEW.summary WHERE channel = 'phone' AND source_id = NEW.id;
END;
CREATE TRIGGER leads_drop_calls AFTER DELETE ON calls BEGIN
  DELETE FROM leads WHERE channel = 'phone' AND source_id = OLD.id;
END;

-- New Messenger conversations.
CREATE TRIGGER leads_from_conversations AFTER INSERT ON messenger_conversations BEGIN
  INSERT INTO leads (channel, source_id, name, created_at)
  VALUES ('messenger', NEW.id, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''), NEW.created_at);
END;
CREATE TRIGGER leads_follow_conversations AFTER UPDATE OF first_name, last_name ON messenger_conversations BEGIN
  UPDATE leads SET name = NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), '')
  WHERE channel = 'messenger' AND source_id = NEW.id;
END;
CREATE TRIGGER leads_drop_conversations AFTER DELETE ON messenger_conversations BEGIN
  DELETE FROM leads WHERE channel = 'messenger' AND source_id = OLD.id;
END;

-- The leads that came before this inbox existed.
INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, timeline, detail, created_at)
SELECT 'wizard', id, trim(first_name || ' ' || last_name), phone,
  substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
  email, trim(address || IFNULL(', ' || city, '')), service_type, urgency, description, created_at FROM service_requests;
INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, detail, created_at)
SELECT CASE source WHEN 'quote-tool' THEN 'quote-tool' ELSE 'photo-form' END, id,
  NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), phone,
  substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
  email, address, service_type, notes, created_at FROM photo_submissions;
INSERT INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
SELECT 'phone', id, customer_name, phone_number,
  substr(replace(replace(replace(replace(replace(replace(phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10),
  summary, created_at FROM calls WHERE status = 'missed' OR callback_requested = 1;
INSERT INTO leads (channel, source_id, name, created_at)
SELECT 'messenger', id, NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), created_at
FROM messenger_conversations;
