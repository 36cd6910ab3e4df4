-- One record per customer (issue 16): whatever the channel, the same person is matched by the last
-- ten digits of their phone ("(707) 555-0123", "+1 707.555.0123" and "+17075550123" are one number)
-- or their e-mail (case and spaces ignored); a Messenger sender by their page-scoped id.
--
-- Every channel's table hands its rows to `customer_arrivals`; ONE trigger on that table does the
-- matching, so the rule lives in one place and no writer can forget it. Staff may merge two records;
-- the merged one keeps a pointer so old links can follow it.

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT,
  phone TEXT,
  email TEXT,
  address TEXT,
  -- Every name, phone, e-mail and address seen for this person, for search across channels.
  search_text TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  last_activity_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  merged_into INTEGER REFERENCES customers (id)
);
CREATE INDEX customers_activity ON customers (last_activity_at DESC, id DESC) WHERE merged_into IS NULL;

-- 'phone:7075550123', 'email:dana@example.com', 'messenger:<psid>' → the customer.
CREATE TABLE customer_keys (
  key TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id)
) WITHOUT ROWID;
CREATE INDEX customer_keys_customer ON customer_keys (customer_id);

-- The customer's timeline: each request, submission, call, conversation and appointment once.
CREATE TABLE customer_items (
  kind TEXT NOT NULL CHECK (kind IN ('request', 'submission', 'call', 'conversation', 'appointment')),
  source_id INTEGER NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  at TEXT NOT NULL,
  PRIMARY KEY (kind, source_id)
) WITHOUT ROWID;
CREATE INDEX customer_items_timeline ON customer_items (customer_id, at DESC);

-- A row a channel wrote, waiting to be matched; the trigger below empties it at once.
CREATE TABLE customer_arrivals (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  name TEXT,
  phone TEXT,
  email TEXT,
  address TEXT,
  phone_key TEXT,
  email_key TEXT,
  other_key TEXT,
  at TEXT NOT NULL
);

CREATE TRIGGER customer_match AFTER INSERT ON customer_arrivals BEGIN
  -- Someone new: no key of theirs is known yet.
  INSERT INTO customers (name, phone, email, address, created_at, last_activity_at, updated_at)
  SELECT NEW.name, NEW.phone, NEW.email, NEW.address, NEW.at, NEW.at, NEW.at
  WHERE NOT EXISTS (SELECT 1 FROM customer_keys WHERE key IN (NEW.phone_key, NEW.email_key, NEW.other_key));
  -- The phone wins over the e-mail when they point at two different records (a shared family
  -- e-mail is more common than a shared mobile number); staff can merge the two.
  INSERT OR REPLACE INTO customer_items (kind, source_id, customer_id, at)
  VALUES (NEW.kind, NEW.source_id, COALESCE(
    (SELECT customer_id FROM customer_keys WHERE key = NEW.phone_key),
    (SELECT customer_id FROM customer_keys WHERE key = NEW.email_key),
    (SELECT customer_id FROM customer_keys WHERE key = NEW.other_key),
    last_insert_rowid()), NEW.at);
  INSERT OR IGNORE INTO customer_keys (key, customer_id)
  SELECT k.key, i.customer_id FROM customer_items i,
    (SELECT NEW.phone_key AS key UNION ALL SELECT NEW.email_key UNION ALL SELECT NEW.other_key) k
  WHERE i.kind = NEW.kind AND i.source_id = NEW.source_id AND k.key IS NOT NULL;
  UPDATE customers SET
    name = COALESCE(name, NEW.name),
    phone = COALESCE(phone, NEW.phone),
    email = COALESCE(email, NEW.email),
    address = COALESCE(address, NEW.address),
    search_text = search_text
      || CASE WHEN NEW.name IS NOT NULL AND instr(search_text, NEW.name) = 0 THEN ' ' || NEW.name ELSE '' END
      || CASE WHEN NEW.address IS NOT NULL AND instr(search_text, NEW.address) = 0 THEN ' ' || NEW.address ELSE '' END
      || CASE WHEN NEW.email IS NOT NULL AND instr(search_text, NEW.email) = 0 THEN ' ' || NEW.email ELSE '' END
      || CASE WHEN NEW.phone_key IS NOT NULL AND instr(search_text, substr(NEW.phone_key, 7)) = 0 THEN ' ' || substr(NEW.phone_key, 7) ELSE '' END,
    last_activity_at = max(last_activity_at, NEW.at)
  WHERE id = (SELECT customer_id FROM customer_items WHERE kind = NEW.kind AND source_id = NEW.source_id);
  DELETE FROM customer_arrivals WHERE id = NEW.id;
END;

-- Each channel's rows arrive with their keys. The phone key is the number's last ten digits.
CREATE TRIGGER customers_from_service_requests AFTER INSERT ON service_requests BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('request', NEW.id, NULLIF(trim(NEW.first_name || ' ' || NEW.last_name), ''), NEW.phone, NEW.email,
    trim(NEW.address || IFNULL(', ' || NEW.city, '')),
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(NEW.email)), ''), NEW.created_at);
END;
CREATE TRIGGER customers_from_photo_submissions AFTER INSERT ON photo_submissions BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('submission', NEW.id, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''),
    NEW.phone, NEW.email, NEW.address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(NEW.email)), ''), NEW.created_at);
END;
CREATE TRIGGER customers_from_calls AFTER INSERT ON calls BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, phone_key, at)
  VALUES ('call', NEW.id, NEW.customer_name, NEW.phone_number,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    NEW.created_at);
END;
CREATE TRIGGER customers_from_conversations AFTER INSERT ON messenger_conversations BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, other_key, at)
  VALUES ('conversation', NEW.id, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''),
    'messenger:' || NEW.facebook_user_id, NEW.created_at);
END;
CREATE TRIGGER customers_from_appointments AFTER INSERT ON appointments BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('appointment', NEW.id, NEW.customer_name, NEW.customer_phone, NEW.customer_email, NEW.address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.customer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(NEW.customer_email)), ''), NEW.created_at);
END;
-- An appointment whose phone or e-mail staff correct may belong to someone else: match it again.
CREATE TRIGGER customers_follow_appointments AFTER UPDATE OF customer_phone, customer_email ON appointments BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('appointment', NEW.id, NEW.customer_name, NEW.customer_phone, NEW.customer_email, NEW.address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.customer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(NEW.customer_email)), ''), NEW.created_at);
END;
-- A caller named during the call, a Messenger sender's profile read later: a nameless record learns it.
CREATE TRIGGER customers_name_from_calls AFTER UPDATE OF customer_name ON calls WHEN NEW.customer_name IS NOT NULL BEGIN
  UPDATE customers SET name = COALESCE(name, NEW.customer_name),
    search_text = search_text || CASE WHEN instr(search_text, NEW.customer_name) = 0 THEN ' ' || NEW.customer_name ELSE '' END
  WHERE id = (SELECT customer_id FROM customer_items WHERE kind = 'call' AND source_id = NEW.id);
END;
CREATE TRIGGER customers_name_from_conversations AFTER UPDATE OF first_name, last_name ON messenger_conversations BEGIN
  UPDATE customers SET name = COALESCE(name, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), '')),
    search_text = search_text || ' ' || trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, ''))
  WHERE id = (SELECT customer_id FROM customer_items WHERE kind = 'conversation' AND source_id = NEW.id);
END;

-- A deleted row leaves the timeline.
CREATE TRIGGER customers_drop_service_requests AFTER DELETE ON service_requests BEGIN
  DELETE FROM customer_items WHERE kind = 'request' AND source_id = OLD.id;
END;
CREATE TRIGGER customers_drop_photo_submissions AFTER DELETE ON photo_submissions BEGIN
  DELETE FROM customer_items WHERE kind = 'submission' AND source_id = OLD.id;
END;
CREATE TRIGGER customers_drop_calls AFTER DELETE ON calls BEGIN
  DELETE FROM customer_items WHERE kind = 'call' AND source_id = OLD.id;
END;
CREATE TRIGGER customers_drop_conversations AFTER DELETE ON messenger_conversations BEGIN
  DELETE FROM customer_items WHERE kind = 'conversation' AND source_id = OLD.id;
END;
CREATE TRIGGER customers_drop_appointments AFTER DELETE ON appointments BEGIN
  DELETE FROM customer_items WHERE kind = 'appointment' AND source_id = OLD.id;
END;

-- Everyone who came before this record existed, oldest first, through the same matching.
INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, other_key, at)
SELECT kind, source_id, name, phone, email, address, phone_key, email_key, other_key, at FROM (
  SELECT 'request' AS kind, id AS source_id, NULLIF(trim(first_name || ' ' || last_name), '') AS name, phone, email,
    trim(address || IFNULL(', ' || city, '')) AS address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), '') AS phone_key,
    'email:' || NULLIF(lower(trim(email)), '') AS email_key, NULL AS other_key, created_at AS at FROM service_requests
  UNION ALL
  SELECT 'submission', id, NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), phone, email, address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(email)), ''), NULL, created_at FROM photo_submissions
  UNION ALL
  SELECT 'call', id, customer_name, phone_number, NULL, NULL,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    NULL, NULL, created_at FROM calls
  UNION ALL
  SELECT 'conversation', id, NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), NULL, NULL, NULL,
    NULL, NULL, 'messenger:' || facebook_user_id, created_at FROM messenger_conversations
  UNION ALL
  SELECT 'appointment', id, customer_name, customer_phone, customer_email, address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(customer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(customer_email)), ''), NULL, created_at FROM appointments
) ORDER BY at, kind, source_id;
