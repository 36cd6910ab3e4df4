-- The follow-through of a visit (issue 33, item 7). A visit cancelled and then put back on the
-- calendar is a new booking of the same appointment: its reminders and its confirmation must be
-- new messages, not the cancelled ones (whose idempotency keys would otherwise match and keep
-- them from ever being queued again). Counting the restores gives each booking its own keys.
ALTER TABLE appointments ADD COLUMN restored_count INTEGER NOT NULL DEFAULT 0 CHECK (restored_count >= 0);

-- The Appointments entry's badge counts the visits customers moved or cancelled since a staff
-- member last looked: "visits" joins the lists a staff_seen row may name (SQLite cannot alter a
-- CHECK, so the table is rebuilt as in 0035; nothing else names it).
CREATE TABLE staff_seen_next (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('leads', 'calls', 'messages', 'texts', 'visits')),
  seen_at TEXT NOT NULL,
  PRIMARY KEY (user_id, list)
);
INSERT INTO staff_seen_next (user_id, list, seen_at) SELECT user_id, list, seen_at FROM staff_seen;
DROP TABLE staff_seen;
ALTER TABLE staff_seen_next RENAME TO staff_seen;
-- The count reads the answers given after a time.
CREATE INDEX visit_answers_recent ON visit_answers (created_at);

-- The Customers screen (issue 33, item 8) filters by town: the part of the address after its
-- first comma, up to the next ("12 Fern Hollow Rd, Arcata, CA" → "Arcata"). A virtual column,
-- so every writer of customers (the repository, the arrivals' trigger) keeps it true without
-- knowing of it; its index serves the filter and the list of towns at 100,000 customers.
ALTER TABLE customers ADD COLUMN town TEXT GENERATED ALWAYS AS (
  CASE WHEN instr(address, ',') > 0 THEN nullif(trim(
    CASE WHEN instr(substr(address, instr(address, ',') + 1), ',') > 0
      THEN substr(substr(address, instr(address, ',') + 1), 1, instr(substr(address, instr(address, ',') + 1), ',') - 1)
      ELSE substr(address, instr(address, ',') + 1) END), '') END
) VIRTUAL;
CREATE INDEX customers_town ON customers (town COLLATE NOCASE, last_activity_at DESC, id DESC)
  WHERE merged_into IS NULL;
