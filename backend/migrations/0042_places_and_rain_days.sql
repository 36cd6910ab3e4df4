-- Places and rain days (issue 33, items 4 and 5).
--
-- Each address is geocoded once and kept here, keyed by its normal form (lower case, single
-- spaces, no trailing punctuation), so every visit at that address — estimate, job, next year's
-- wash — reads the same point, and the geocoder is never asked twice. A pin staff drop wins over
-- the geocoder's guess and is never overwritten by it.
CREATE TABLE places (
  address_key TEXT PRIMARY KEY,
  -- The address as first seen, to show.
  address TEXT NOT NULL,
  -- NULL with source 'census': the geocoder was asked and found nothing (staff drop a pin).
  latitude REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  source TEXT NOT NULL CHECK (source IN ('census', 'pin', 'fixture')),
  updated_at TEXT NOT NULL,
  CHECK ((latitude IS NULL) = (longitude IS NULL))
) WITHOUT ROWID;

-- A rain day moved: what each visit was and became, and the text each customer was sent, so
-- "Undo" within its window puts every visit back and cancels the texts not yet gone.
CREATE TABLE rain_days (
  -- Random and unguessable: the undo route is keyed by it.
  undo_id TEXT PRIMARY KEY,
  date TEXT NOT NULL,
  crew_id INTEGER REFERENCES crews (id),
  -- JSON: [{ visitId, from: { date, time, crewId }, to: { date, time, crewId }, messageKey }].
  moves TEXT NOT NULL,
  applied_by INTEGER,
  applied_at TEXT NOT NULL,
  -- Undo is allowed until this instant (applied_at + 10 minutes on the server's clock).
  undo_until TEXT NOT NULL,
  undone_at TEXT
) WITHOUT ROWID;
