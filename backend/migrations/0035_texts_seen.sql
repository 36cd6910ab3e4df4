-- Texts get a count in the sidebar like Messenger (issue 31): a staff member's "last looked at
-- Texts" is a staff_seen row, so the list's CHECK is widened. SQLite cannot alter a CHECK, so the
-- table is rebuilt; nothing else (no trigger, no view) names it.
CREATE TABLE staff_seen_next (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('leads', 'calls', 'messages', 'texts')),
  seen_at TEXT NOT NULL,
  PRIMARY KEY (user_id, list)
);
INSERT INTO staff_seen_next (user_id, list, seen_at) SELECT user_id, list, seen_at FROM staff_seen;
DROP TABLE staff_seen;
ALTER TABLE staff_seen_next RENAME TO staff_seen;
-- Counting a staff member's new texts reads the customer's texts after a time.
CREATE INDEX text_messages_incoming ON text_messages (direction, created_at);
