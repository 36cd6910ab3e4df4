-- Two-way texts on the business number (issue 25): one thread per phone number, its messages in
-- and out, and the number's consent (STOP / START). Outgoing texts are outbox rows (0022); a
-- message row points at its outbox row, which holds its sending state and Twilio's delivery.

CREATE TABLE text_threads (
  id INTEGER PRIMARY KEY,
  -- E.164, as Twilio gives it.
  phone TEXT NOT NULL UNIQUE,
  -- A staff member took the thread over: the assistant does not answer it.
  taken_over_at TEXT,
  taken_over_by INTEGER REFERENCES users (id),
  -- The number replied STOP (or PARAR, BAJA…): no automatic text goes to it until START.
  opted_out_at TEXT,
  -- The customer texted the business themselves: automatic texts may go to this number.
  contacted_at TEXT,
  last_message_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX text_threads_recent ON text_threads (last_message_at DESC, id DESC);

CREATE TABLE text_messages (
  id INTEGER PRIMARY KEY,
  thread_id INTEGER NOT NULL REFERENCES text_threads (id),
  direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  sender TEXT NOT NULL CHECK (sender IN ('customer', 'staff', 'assistant', 'automatic')),
  body TEXT NOT NULL,
  -- Twilio's MessageSid of an incoming text: a webhook Twilio repeats is stored once.
  message_sid TEXT UNIQUE,
  outbox_id INTEGER UNIQUE REFERENCES outbox_messages (id),
  staff_user_id INTEGER REFERENCES users (id),
  media_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX text_messages_thread ON text_messages (thread_id, created_at, id);

-- The customer timeline gets a new kind of entry, a text thread. Its CHECK is widened by
-- rebuilding the table (SQLite cannot alter a CHECK); the matching trigger's internals are not
-- touched. legacy_alter_table keeps the rename from re-checking triggers that name the table.
PRAGMA legacy_alter_table = ON;
CREATE TABLE customer_items_next (
  kind TEXT NOT NULL CHECK (kind IN ('request', 'submission', 'call', 'conversation', 'appointment', 'text')),
  source_id INTEGER NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  at TEXT NOT NULL,
  PRIMARY KEY (kind, source_id)
) WITHOUT ROWID;
INSERT INTO customer_items_next (kind, source_id, customer_id, at)
  SELECT kind, source_id, customer_id, at FROM customer_items;
DROP TABLE customer_items;
ALTER TABLE customer_items_next RENAME TO customer_items;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX customer_items_timeline ON customer_items (customer_id, at DESC);

-- A new number that texts the business is handed to the customers feature like every channel.
CREATE TRIGGER customers_from_text_threads AFTER INSERT ON text_threads BEGIN
  INSERT INTO customer_arrivals (kind, source_id, phone, phone_key, at)
  VALUES ('text', NEW.id, NEW.phone,
    'phone:' || NULLIF(substr(replace(NEW.phone, '+', ''), -10), ''), NEW.created_at);
END;
CREATE TRIGGER customers_drop_text_threads AFTER DELETE ON text_threads BEGIN
  DELETE FROM customer_items WHERE kind = 'text' AND source_id = OLD.id;
END;

-- Automatic texts go only to numbers that reached the business themselves: a call is looked up
-- by the number Twilio gave (E.164, as texts use).
CREATE INDEX calls_phone_number ON calls (phone_number);
