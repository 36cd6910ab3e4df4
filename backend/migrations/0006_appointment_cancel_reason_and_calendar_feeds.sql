-- Office workflow (issue 16): why a visit was called off, and private calendar subscriptions.

-- What staff gave as the reason when they cancelled; cleared when the visit is put back.
ALTER TABLE appointments ADD COLUMN cancel_reason TEXT;

-- A slot check reads the scheduled visits on one date.
CREATE INDEX appointments_slot ON appointments (scheduled_date, preferred_time) WHERE status = 'scheduled';

-- A calendar app subscribes to /api/calendar-feed/{token}.ics. The token is the only credential,
-- so only its SHA-256 is kept: a copy of the database does not give anyone the schedule.
CREATE TABLE calendar_feeds (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  created_by TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
