-- A customer's answer to a visit reminder (issue 25): "C" (confirm) or "R" (reschedule) texted back.
-- Kept per answer, so the office sees what was said and when; the latest one stands.
CREATE TABLE visit_answers (
  id INTEGER PRIMARY KEY,
  appointment_id INTEGER NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  answer TEXT NOT NULL CHECK (answer IN ('confirmed', 'reschedule')),
  channel TEXT NOT NULL CHECK (channel IN ('text')),
  created_at TEXT NOT NULL
);
CREATE INDEX visit_answers_appointment ON visit_answers (appointment_id, created_at DESC);
