-- When each staff member last looked at each list, so the sidebar can count what is new for
-- them (not for everyone): new leads, missed calls, unread Messenger messages.
CREATE TABLE staff_seen (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('leads', 'calls', 'messages')),
  seen_at TEXT NOT NULL,
  PRIMARY KEY (user_id, list)
);
CREATE INDEX messenger_messages_customer ON messenger_messages (sender, created_at);
