-- One phone number rule (issue 32, item 3). Until now each trigger stripped its own characters
-- ("707/555/0123" and "707-555-0123 x4" kept their slash or extension) and the text consents kept a
-- key of their own, so one person could become two customers. Every trigger now asks the
-- contract's rule through `phone_key()` (contract/src/phone-number.ts, registered on every
-- connection by db/migrate.ts), and the stored keys are computed again by it.

-- The triggers, as before except for the key.
DROP TRIGGER customers_from_service_requests;
CREATE TRIGGER customers_from_service_requests AFTER INSERT ON service_requests BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('request', NEW.id, NULLIF(trim(NEW.first_name || ' ' || NEW.last_name), ''), NEW.phone, NEW.email,
    trim(NEW.address || IFNULL(', ' || NEW.city, '')), phone_key(NEW.phone),
    'email:' || NULLIF(lower(trim(NEW.email)), ''), NEW.created_at);
END;

DROP TRIGGER customers_from_photo_submissions;
CREATE TRIGGER customers_from_photo_submissions AFTER INSERT ON photo_submissions BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('submission', NEW.id, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''),
    NEW.phone, NEW.email, NEW.address, phone_key(NEW.phone),
    'email:' || NULLIF(lower(trim(NEW.email)), ''), NEW.created_at);
END;

DROP TRIGGER customers_from_calls;
CREATE TRIGGER customers_from_calls AFTER INSERT ON calls BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, phone_key, at)
  VALUES ('call', NEW.id, NEW.customer_name, NEW.phone_number, phone_key(NEW.phone_number), NEW.created_at);
END;

DROP TRIGGER customers_name_from_calls;
CREATE TRIGGER customers_name_from_calls AFTER UPDATE OF customer_name ON calls
WHEN NEW.customer_name IS NOT NULL AND NEW.customer_name IS NOT OLD.customer_name BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, phone_key, at)
  VALUES ('call', NEW.id, NEW.customer_name, NEW.phone_number, phone_key(NEW.phone_number), NEW.created_at);
END;

DROP TRIGGER customers_from_appointments;
CREATE TRIGGER customers_from_appointments AFTER INSERT ON appointments BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('appointment', NEW.id, NEW.customer_name, NEW.customer_phone, NEW.customer_email, NEW.address,
    phone_key(NEW.customer_phone), 'email:' || NULLIF(lower(trim(NEW.customer_email)), ''), NEW.created_at);
END;

DROP TRIGGER customers_follow_appointments;
CREATE TRIGGER customers_follow_appointments AFTER UPDATE OF customer_phone, customer_email ON appointments BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, at)
  VALUES ('appointment', NEW.id, NEW.customer_name, NEW.customer_phone, NEW.customer_email, NEW.address,
    phone_key(NEW.customer_phone), 'email:' || NULLIF(lower(trim(NEW.customer_email)), ''), NEW.created_at);
END;

DROP TRIGGER customers_from_text_threads;
CREATE TRIGGER customers_from_text_threads AFTER INSERT ON text_threads BEGIN
  INSERT INTO customer_arrivals (kind, source_id, phone, phone_key, at)
  VALUES ('text', NEW.id, NEW.phone, phone_key(NEW.phone), NEW.created_at);
END;

-- A lead's phone digits are its key's digits (what the requests search looks for).
DROP TRIGGER leads_from_calls;
CREATE TRIGGER leads_from_calls AFTER INSERT ON calls WHEN NEW.status = 'missed' OR NEW.callback_requested = 1 BEGIN
  INSERT OR IGNORE INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
  VALUES ('phone', NEW.id, NEW.customer_name, NEW.phone_number, substr(phone_key(NEW.phone_number), 7),
    NEW.summary, NEW.created_at);
END;

DROP TRIGGER leads_from_changed_calls;
CREATE TRIGGER leads_from_changed_calls AFTER UPDATE OF status, callback_requested ON calls
  WHEN NEW.status = 'missed' OR NEW.callback_requested = 1 BEGIN
  INSERT OR IGNORE INTO leads (channel, source_id, name, phone, phone_digits, detail, created_at)
  VALUES ('phone', NEW.id, NEW.customer_name, NEW.phone_number, substr(phone_key(NEW.phone_number), 7),
    NEW.summary, NEW.created_at);
END;

DROP TRIGGER leads_from_photo_submissions;
CREATE TRIGGER leads_from_photo_submissions AFTER INSERT ON photo_submissions BEGIN
  INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, detail, created_at)
  VALUES (CASE NEW.source WHEN 'quote-tool' THEN 'quote-tool' ELSE 'photo-form' END, NEW.id,
    NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''), NEW.phone,
    substr(phone_key(NEW.phone), 7), NEW.email, NEW.address, NEW.service_type, NEW.notes, NEW.created_at);
END;

DROP TRIGGER leads_from_service_requests;
CREATE TRIGGER leads_from_service_requests AFTER INSERT ON service_requests BEGIN
  INSERT INTO leads (channel, source_id, name, phone, phone_digits, email, address, asked_for, timeline, detail, created_at)
  VALUES ('wizard', NEW.id, trim(NEW.first_name || ' ' || NEW.last_name), NEW.phone, substr(phone_key(NEW.phone), 7),
    NEW.email, trim(NEW.address || IFNULL(', ' || NEW.city, '')), NEW.service_type, NEW.urgency, NEW.description, NEW.created_at);
END;

UPDATE leads SET phone_digits = substr(phone_key(phone), 7) WHERE phone_digits IS NOT substr(phone_key(phone), 7);

-- Blocked numbers: an international number has a key of its own now (`phone:+44…`); a number the
-- rule cannot read keeps the key it was blocked under, so no block is lost.
CREATE TABLE blocked_numbers_keyed (
  phone_key TEXT PRIMARY KEY CHECK (phone_key GLOB 'phone:[0-9+]*'),
  phone_number TEXT NOT NULL,
  blocked_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
INSERT OR IGNORE INTO blocked_numbers_keyed (phone_key, phone_number, blocked_by, created_at)
SELECT COALESCE(phone_key(phone_number), phone_key), phone_number, blocked_by, created_at
FROM blocked_numbers ORDER BY created_at, phone_key;
DROP TABLE blocked_numbers;
ALTER TABLE blocked_numbers_keyed RENAME TO blocked_numbers;

-- Text consents were keyed by bare digits: the same key as everything else now (the first
-- consent of a number stays when two spellings of it had one each).
CREATE TEMP TABLE consents_before AS SELECT * FROM text_consents;
DELETE FROM text_consents;
INSERT OR IGNORE INTO text_consents (phone_key, phone, source, source_id, consented_at)
SELECT COALESCE(phone_key(phone), 'phone:' || phone_key), phone, source, source_id, consented_at
FROM consents_before ORDER BY consented_at, phone_key;
DROP TABLE consents_before;

-- Customers: each record's phone keys again, from the numbers of its rows and the one staff gave it.
CREATE TEMP TABLE customer_phones AS
SELECT i.customer_id, s.phone FROM customer_items i JOIN (
  SELECT 'request' AS kind, id, phone FROM service_requests
  UNION ALL SELECT 'submission', id, phone FROM photo_submissions
  UNION ALL SELECT 'call', id, phone_number FROM calls
  UNION ALL SELECT 'appointment', id, customer_phone FROM appointments
  UNION ALL SELECT 'text', id, phone FROM text_threads
) s ON s.kind = i.kind AND s.id = i.source_id
UNION SELECT id, phone FROM customers WHERE merged_into IS NULL AND phone IS NOT NULL;

DELETE FROM customer_keys WHERE key LIKE 'phone:%';
INSERT OR IGNORE INTO customer_keys (key, customer_id)
SELECT phone_key(phone), customer_id FROM customer_phones WHERE phone_key(phone) IS NOT NULL;
-- Searchable by the new digits too (the old terms stay: details stay findable, none removed).
INSERT OR IGNORE INTO customer_terms (customer_id, kind, term)
SELECT customer_id, 'phone', substr(key, 7) FROM customer_keys WHERE key LIKE 'phone:%';
DROP TABLE customer_phones;

-- Two records the matching wrote (staff never edited or merged them) that now share a number
-- become one, when their names are compatible by the matching's own rule (migration 0015's
-- trigger) and the matching had not already kept them apart ("possibly the same as", or dismissed
-- by staff). The older record stays; the other points at it, so its links still lead somewhere,
-- and every row, key, term, suggestion and message of it moves to the one kept, as a staff merge does.
CREATE TEMP TABLE phone_merges AS
SELECT b.id AS loser, min(a.id) AS survivor
FROM customers b
JOIN customer_keys kb ON kb.customer_id = b.id AND kb.key LIKE 'phone:%'
JOIN customer_keys ka ON ka.key = kb.key AND ka.customer_id < b.id
JOIN customers a ON a.id = ka.customer_id
WHERE a.merged_into IS NULL AND b.merged_into IS NULL
  AND a.updated_at = a.created_at AND b.updated_at = b.created_at
  AND NOT EXISTS (SELECT 1 FROM customers m WHERE m.merged_into IN (a.id, b.id))
  AND NOT EXISTS (SELECT 1 FROM customer_duplicates d WHERE d.customer_id = a.id AND d.other_id = b.id)
  AND (b.name_words IS NULL OR a.name_words IS NULL OR (
    (a.name_first = b.name_first
      OR (length(a.name_first) = 1 AND substr(b.name_first, 1, 1) = a.name_first)
      OR (length(b.name_first) = 1 AND substr(a.name_first, 1, 1) = b.name_first)
      OR EXISTS (SELECT 1 FROM name_nicknames WHERE (nickname = a.name_first AND name = b.name_first)
        OR (nickname = b.name_first AND name = a.name_first)))
    AND (a.name_last IS NULL OR b.name_last IS NULL OR a.name_last = b.name_last
      OR (length(a.name_last) = 1 AND substr(b.name_last, 1, 1) = a.name_last)
      OR (length(b.name_last) = 1 AND substr(a.name_last, 1, 1) = b.name_last))))
GROUP BY b.id;
-- A survivor that is itself merged away hands its records on to where it goes.
UPDATE phone_merges SET survivor = (SELECT p.survivor FROM phone_merges p WHERE p.loser = phone_merges.survivor)
WHERE survivor IN (SELECT loser FROM phone_merges);
UPDATE phone_merges SET survivor = (SELECT p.survivor FROM phone_merges p WHERE p.loser = phone_merges.survivor)
WHERE survivor IN (SELECT loser FROM phone_merges);

UPDATE customers SET
  name = COALESCE(name, (SELECT l.name FROM customers l JOIN phone_merges m ON m.loser = l.id
    WHERE m.survivor = customers.id AND l.name IS NOT NULL ORDER BY l.id LIMIT 1)),
  phone = COALESCE(phone, (SELECT l.phone FROM customers l JOIN phone_merges m ON m.loser = l.id
    WHERE m.survivor = customers.id AND l.phone IS NOT NULL ORDER BY l.id LIMIT 1)),
  email = COALESCE(email, (SELECT l.email FROM customers l JOIN phone_merges m ON m.loser = l.id
    WHERE m.survivor = customers.id AND l.email IS NOT NULL ORDER BY l.id LIMIT 1)),
  address = COALESCE(address, (SELECT l.address FROM customers l JOIN phone_merges m ON m.loser = l.id
    WHERE m.survivor = customers.id AND l.address IS NOT NULL ORDER BY l.id LIMIT 1)),
  last_activity_at = max(last_activity_at, (SELECT max(l.last_activity_at) FROM customers l
    JOIN phone_merges m ON m.loser = l.id WHERE m.survivor = customers.id))
WHERE id IN (SELECT survivor FROM phone_merges);

UPDATE customer_items SET customer_id = (SELECT survivor FROM phone_merges WHERE loser = customer_id)
WHERE customer_id IN (SELECT loser FROM phone_merges);
INSERT OR IGNORE INTO customer_keys (key, customer_id)
SELECT k.key, m.survivor FROM customer_keys k JOIN phone_merges m ON m.loser = k.customer_id;
DELETE FROM customer_keys WHERE customer_id IN (SELECT loser FROM phone_merges);
INSERT OR IGNORE INTO customer_terms (customer_id, kind, term)
SELECT m.survivor, t.kind, t.term FROM customer_terms t JOIN phone_merges m ON m.loser = t.customer_id;
DELETE FROM customer_terms WHERE customer_id IN (SELECT loser FROM phone_merges);
INSERT OR IGNORE INTO customer_duplicates (customer_id, other_id, reason, created_at, dismissed_at, dismissed_by)
SELECT min(m.survivor, d.x), max(m.survivor, d.x), d.reason, d.created_at, d.dismissed_at, d.dismissed_by FROM (
  SELECT other_id AS x, customer_id AS y, * FROM customer_duplicates
  UNION ALL SELECT customer_id AS x, other_id AS y, * FROM customer_duplicates
) d JOIN phone_merges m ON m.loser = d.y
WHERE d.x <> m.survivor AND d.x NOT IN (SELECT loser FROM phone_merges);
DELETE FROM customer_duplicates
WHERE customer_id IN (SELECT loser FROM phone_merges) OR other_id IN (SELECT loser FROM phone_merges);
UPDATE outbox_messages SET customer_id = (SELECT survivor FROM phone_merges WHERE loser = customer_id)
WHERE customer_id IN (SELECT loser FROM phone_merges);
UPDATE customers SET merged_into = (SELECT survivor FROM phone_merges WHERE loser = customers.id)
WHERE id IN (SELECT loser FROM phone_merges);
DROP TABLE phone_merges;
