-- The customer's visit page (issue 25, item 4): each batch of reminders carries a link whose key
-- opens one appointment. Only the key's SHA-256 is kept; every key of a visit works while it stands.
CREATE TABLE visit_links (
  token_hash TEXT PRIMARY KEY,
  appointment_id INTEGER NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX visit_links_appointment ON visit_links (appointment_id);

-- Answers now also come from the page: a move the customer made (rescheduled, with the old and
-- new time in `detail`) and a cancellation. SQLite cannot widen a CHECK, so the table is rebuilt
-- with every row kept.
CREATE TABLE visit_answers_widened (
  id INTEGER PRIMARY KEY,
  appointment_id INTEGER NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  answer TEXT NOT NULL CHECK (answer IN ('confirmed', 'reschedule', 'rescheduled', 'cancelled')),
  channel TEXT NOT NULL CHECK (channel IN ('text', 'link')),
  detail TEXT,
  created_at TEXT NOT NULL
);
INSERT INTO visit_answers_widened (id, appointment_id, answer, channel, created_at)
  SELECT id, appointment_id, answer, channel, created_at FROM visit_answers;
DROP TABLE visit_answers;
ALTER TABLE visit_answers_widened RENAME TO visit_answers;
CREATE INDEX visit_answers_appointment ON visit_answers (appointment_id, created_at DESC);
