-- Customer records, round 2 (issue 21, items 10 and 12).
--
-- 1. Search by terms, not one growing text. 0012 appended every new detail to `customers.search_text`
--    and 0014 re-indexed that whole text on every arrival, so an insert cost more the longer the
--    customer's history (1.6 → 13.6 ms at 1,000 → 3,000 rows of one customer). Now each distinct
--    detail (a name, an e-mail, an address, a phone's ten digits) is ONE row of `customer_terms`,
--    written only when it is new, and the trigram index holds those rows: an arrival touches the same
--    few rows whatever the customer's history.
-- 2. Match only when identity agrees. 0012 made anyone calling from a known number part of that
--    record, under its name. Now an arrival joins a record by its Messenger id, its e-mail, or its
--    phone when the names are compatible (see `name_first`/`name_last` below); otherwise it becomes
--    a new record, and the pair is written to `customer_duplicates` ("same phone …") for staff to
--    merge or dismiss.

DROP TRIGGER customer_match;
DROP TRIGGER customers_name_from_calls;
DROP TRIGGER customers_name_from_conversations;
DROP TRIGGER customers_search_add;
DROP TRIGGER customers_search_drop;
DROP TRIGGER customers_search_follow;
DROP TABLE customers_search;

-- A phone may now belong to several records (a household's landline); an e-mail stays one person's.
CREATE TABLE customer_keys_shared (
  key TEXT NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  PRIMARY KEY (key, customer_id)
) WITHOUT ROWID;
INSERT INTO customer_keys_shared (key, customer_id) SELECT key, customer_id FROM customer_keys;
DROP TABLE customer_keys;
ALTER TABLE customer_keys_shared RENAME TO customer_keys;
CREATE INDEX customer_keys_customer ON customer_keys (customer_id);

-- Every detail a person used, once each; the Omnibar searches these (kind 'earlier': what 0012's
-- search_text held for a record that existed before this migration, kept whole so nothing that
-- was findable is lost).
CREATE TABLE customer_terms (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  kind TEXT NOT NULL CHECK (kind IN ('name', 'email', 'phone', 'address', 'earlier')),
  term TEXT NOT NULL,
  UNIQUE (customer_id, kind, term)
);
CREATE VIRTUAL TABLE customer_terms_search USING fts5(
  term, content = 'customer_terms', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER customer_terms_add AFTER INSERT ON customer_terms BEGIN
  INSERT INTO customer_terms_search (rowid, term) VALUES (NEW.id, NEW.term);
END;
CREATE TRIGGER customer_terms_drop AFTER DELETE ON customer_terms BEGIN
  INSERT INTO customer_terms_search (customer_terms_search, rowid, term) VALUES ('delete', OLD.id, OLD.term);
END;
INSERT INTO customer_terms (customer_id, kind, term)
SELECT id, 'name', name FROM customers WHERE name IS NOT NULL AND merged_into IS NULL;
INSERT INTO customer_terms (customer_id, kind, term)
SELECT id, 'earlier', trim(search_text) FROM customers WHERE trim(search_text) <> '' AND merged_into IS NULL;
ALTER TABLE customers DROP COLUMN search_text;

-- "Possibly the same person": two records the matching kept apart although a detail is shared.
-- One row per pair (lower id first); a dismissed pair is kept so it is never suggested again.
CREATE TABLE customer_duplicates (
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  other_id INTEGER NOT NULL REFERENCES customers (id),
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  dismissed_at TEXT,
  dismissed_by INTEGER REFERENCES users (id),
  PRIMARY KEY (customer_id, other_id),
  CHECK (customer_id < other_id)
) WITHOUT ROWID;
CREATE INDEX customer_duplicates_other ON customer_duplicates (other_id);

-- Names compared word by word: lower case, dots and commas as spaces, runs of spaces as one.
-- "Dana", "D. Whitfield", "dana whitfield" and "Dana W" are all compatible with "Dana Whitfield";
-- "Owen Greer" and "Maya Brooks" are not. The first and last words are enough for that rule.
ALTER TABLE customers ADD COLUMN name_words TEXT GENERATED ALWAYS AS (
  NULLIF(trim(replace(replace(replace(replace(replace(lower(name), '.', ' '), ',', ' '), '   ', ' '), '  ', ' '), '  ', ' ')), '')
) VIRTUAL;
ALTER TABLE customers ADD COLUMN name_first TEXT GENERATED ALWAYS AS (
  substr(name_words, 1, instr(name_words || ' ', ' ') - 1)
) VIRTUAL;
ALTER TABLE customers ADD COLUMN name_last TEXT GENERATED ALWAYS AS (
  CASE WHEN instr(name_words, ' ') > 0 THEN substr(name_words, length(rtrim(name_words, replace(name_words, ' ', ''))) + 1) END
) VIRTUAL;
ALTER TABLE customer_arrivals ADD COLUMN name_words TEXT GENERATED ALWAYS AS (
  NULLIF(trim(replace(replace(replace(replace(replace(lower(name), '.', ' '), ',', ' '), '   ', ' '), '  ', ' '), '  ', ' ')), '')
) VIRTUAL;
ALTER TABLE customer_arrivals ADD COLUMN name_first TEXT GENERATED ALWAYS AS (
  substr(name_words, 1, instr(name_words || ' ', ' ') - 1)
) VIRTUAL;
ALTER TABLE customer_arrivals ADD COLUMN name_last TEXT GENERATED ALWAYS AS (
  CASE WHEN instr(name_words, ' ') > 0 THEN substr(name_words, length(rtrim(name_words, replace(name_words, ' ', ''))) + 1) END
) VIRTUAL;
-- First names that are one name: "Bob Greer" on Robert Greer's phone is Robert. Short on purpose:
-- a pair missing here only costs a suggestion, a wrong pair would merge two people.
CREATE TABLE name_nicknames (
  nickname TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (nickname, name)
) WITHOUT ROWID;
INSERT INTO name_nicknames (nickname, name) VALUES
  ('bob', 'robert'), ('bobby', 'robert'), ('rob', 'robert'), ('bill', 'william'), ('will', 'william'),
  ('liz', 'elizabeth'), ('beth', 'elizabeth'), ('jim', 'james'), ('jimmy', 'james'), ('mike', 'michael'),
  ('dave', 'david'), ('dan', 'daniel'), ('danny', 'daniel'), ('tom', 'thomas'), ('tony', 'anthony'),
  ('joe', 'joseph'), ('kate', 'katherine'), ('katie', 'katherine'), ('kathy', 'katherine'),
  ('chris', 'christopher'), ('matt', 'matthew'), ('nick', 'nicholas'), ('alex', 'alexander'),
  ('andy', 'andrew'), ('ben', 'benjamin'), ('rick', 'richard'), ('rich', 'richard'), ('ed', 'edward'),
  ('ted', 'edward'), ('peggy', 'margaret'), ('maggie', 'margaret'), ('jen', 'jennifer'),
  ('jenny', 'jennifer'), ('sue', 'susan'), ('greg', 'gregory'), ('jeff', 'jeffrey'),
  ('larry', 'lawrence'), ('tim', 'timothy'), ('walt', 'walter'), ('charlie', 'charles'),
  ('chuck', 'charles'), ('theo', 'theodore'), ('sam', 'samuel'), ('sam', 'samantha');
-- The record the arrival joined, decided once and read by every step of the trigger below.
ALTER TABLE customer_arrivals ADD COLUMN customer_id INTEGER;

CREATE TRIGGER customer_match AFTER INSERT ON customer_arrivals BEGIN
  -- Identity first: the same Messenger sender, then the same e-mail, then the same phone with a
  -- compatible name (either name missing; or first words and, when both have one, last words
  -- equal or one the other's initial; first words may also be a known nickname pair). A number shared by many records is compared with its 20
  -- newest, so the cost of an arrival never grows with the records behind one number.
  -- (An arrival that names its record is migration 0016's replay keeping a record's first row.)
  UPDATE customer_arrivals SET customer_id = COALESCE(NEW.customer_id,
    (SELECT customer_id FROM customer_keys WHERE key = NEW.other_key ORDER BY customer_id DESC LIMIT 1),
    (SELECT customer_id FROM customer_keys WHERE key = NEW.email_key ORDER BY customer_id DESC LIMIT 1),
    (SELECT c.id FROM (SELECT customer_id FROM customer_keys WHERE key = NEW.phone_key
        ORDER BY customer_id DESC LIMIT 20) k JOIN customers c ON c.id = k.customer_id
      WHERE NEW.name_words IS NULL OR c.name_words IS NULL OR (
        (c.name_first = NEW.name_first
          OR (length(c.name_first) = 1 AND substr(NEW.name_first, 1, 1) = c.name_first)
          OR (length(NEW.name_first) = 1 AND substr(c.name_first, 1, 1) = NEW.name_first)
          OR EXISTS (SELECT 1 FROM name_nicknames WHERE (nickname = c.name_first AND name = NEW.name_first)
            OR (nickname = NEW.name_first AND name = c.name_first)))
        AND (c.name_last IS NULL OR NEW.name_last IS NULL OR c.name_last = NEW.name_last
          OR (length(c.name_last) = 1 AND substr(NEW.name_last, 1, 1) = c.name_last)
          OR (length(NEW.name_last) = 1 AND substr(c.name_last, 1, 1) = NEW.name_last)))
      ORDER BY c.id DESC LIMIT 1))
  WHERE id = NEW.id;
  -- Someone new.
  INSERT INTO customers (name, phone, email, address, created_at, last_activity_at, updated_at)
  SELECT NEW.name, NEW.phone, NEW.email, NEW.address, NEW.at, NEW.at, NEW.at
  WHERE (SELECT customer_id FROM customer_arrivals WHERE id = NEW.id) IS NULL;
  UPDATE customer_arrivals SET customer_id = last_insert_rowid() WHERE id = NEW.id AND customer_id IS NULL;

  INSERT OR REPLACE INTO customer_items (kind, source_id, customer_id, at)
  SELECT NEW.kind, NEW.source_id, customer_id, NEW.at FROM customer_arrivals WHERE id = NEW.id;
  INSERT OR IGNORE INTO customer_keys (key, customer_id)
  SELECT k.key, a.customer_id FROM customer_arrivals a,
    (SELECT NEW.phone_key AS key UNION ALL SELECT NEW.email_key UNION ALL SELECT NEW.other_key) k
  WHERE a.id = NEW.id AND k.key IS NOT NULL;
  -- Each detail once: a row only when it is new to this record.
  INSERT OR IGNORE INTO customer_terms (customer_id, kind, term)
  SELECT a.customer_id, t.kind, t.term FROM customer_arrivals a,
    (SELECT 'name' AS kind, trim(NEW.name) AS term UNION ALL SELECT 'address', trim(NEW.address)
     UNION ALL SELECT 'email', substr(NEW.email_key, 7) UNION ALL SELECT 'phone', substr(NEW.phone_key, 7)) t
  WHERE a.id = NEW.id AND t.term IS NOT NULL AND t.term <> '';
  UPDATE customers SET
    name = COALESCE(name, NEW.name),
    phone = COALESCE(phone, NEW.phone),
    email = COALESCE(email, NEW.email),
    address = COALESCE(address, NEW.address),
    last_activity_at = max(last_activity_at, NEW.at)
  WHERE id = (SELECT customer_id FROM customer_arrivals WHERE id = NEW.id);
  -- Kept apart although the number is shared: suggest the newest other record on that number.
  INSERT OR IGNORE INTO customer_duplicates (customer_id, other_id, reason, created_at)
  SELECT min(a.customer_id, o.customer_id), max(a.customer_id, o.customer_id),
    'same phone (' || substr(NEW.phone_key, 7, 3) || ') ' || substr(NEW.phone_key, 10, 3) || '-' || substr(NEW.phone_key, 13),
    NEW.at
  FROM customer_arrivals a,
    (SELECT customer_id FROM customer_keys WHERE key = NEW.phone_key
      AND customer_id <> (SELECT customer_id FROM customer_arrivals WHERE id = NEW.id)
      ORDER BY customer_id DESC LIMIT 1) o
  WHERE a.id = NEW.id AND length(NEW.phone_key) = 16;
  DELETE FROM customer_arrivals WHERE id = NEW.id;
END;

-- A caller who says their name during the call, a Messenger sender whose profile is read later:
-- the row arrives again with the name, so it is matched by the same rule (a shared number's
-- nameless call may belong to someone else once the name is known).
CREATE TRIGGER customers_name_from_calls AFTER UPDATE OF customer_name ON calls
WHEN NEW.customer_name IS NOT NULL AND NEW.customer_name IS NOT OLD.customer_name BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, phone, phone_key, at)
  VALUES ('call', NEW.id, NEW.customer_name, NEW.phone_number,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(NEW.phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    NEW.created_at);
END;
CREATE TRIGGER customers_name_from_conversations AFTER UPDATE OF first_name, last_name ON messenger_conversations BEGIN
  INSERT INTO customer_arrivals (kind, source_id, name, other_key, at)
  VALUES ('conversation', NEW.id, NULLIF(trim(IFNULL(NEW.first_name, '') || ' ' || IFNULL(NEW.last_name, '')), ''),
    'messenger:' || NEW.facebook_user_id, NEW.created_at);
END;
