-- The follow-through of a visit (issue 33, item 7). A visit cancelled and then put back on the
-- calendar is a new booking of the same appointment: its reminders and its confirmation must be
-- new messages, not the cancelled ones (whose idempotency keys would otherwise match and keep
-- them from ever being queued again). Counting the restores gives each booking its own keys.
ALTER TABLE appointments ADD COLUMN restored_count INTEGER NOT NULL DEFAULT 0 CHECK (restored_count >= 0);
