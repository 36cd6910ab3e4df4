-- What happened, for staff screens and the desktop app to hear about it live (GET /api/events).
-- Kept about a day so a client that reconnects with Last-Event-ID gets what it missed; the ids
-- only ever grow (AUTOINCREMENT), even after old rows are pruned, so "after id N" stays exact.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  entity_id INTEGER,
  -- One line for people, no more personal data than the screen of that entity shows.
  summary TEXT NOT NULL,
  -- The staff member whose action it was; NULL for customers, webhooks and the assistant.
  actor_user_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX events_created ON events (created_at);
