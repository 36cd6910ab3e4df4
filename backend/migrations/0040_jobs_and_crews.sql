-- Jobs and crews (issue 33). A visit is an appointment row of one of two kinds: an *estimate*
-- (free, about 30 minutes, the spec's appointment) or a *job* (the work itself). The job holds
-- what was sold — its price in cents, its line items, its progress — and outlives its visit:
-- a rain day moves the visit, a recurring plan creates jobs before any visit exists (the
-- unscheduled tray), and the payments issue invoices the job, not the visit.

CREATE TABLE crews (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  -- '#RRGGBB', the crew's row and chips on the board.
  color TEXT NOT NULL,
  position INTEGER NOT NULL,
  -- A crew is retired, never deleted: its past visits still name it.
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- The default: one crew, so a business that never opens Settings still has a board.
INSERT INTO crews (name, color, position, created_at, updated_at)
VALUES ('Crew 1', '#2D72D2', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers (id),
  customer_name TEXT NOT NULL,
  customer_phone TEXT NOT NULL,
  customer_email TEXT,
  address TEXT NOT NULL,
  -- What the customer reads: "your house wash".
  title TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 15 AND 720),
  status TEXT NOT NULL DEFAULT 'unscheduled'
    CHECK (status IN ('unscheduled', 'scheduled', 'on_the_way', 'in_progress', 'done', 'cancelled')),
  -- Where it came from: the accepted quote ("Book the job") or a recurring plan's season.
  quote_id INTEGER,
  plan_id INTEGER,
  -- 'YYYY-MM': the month a recurring job is due, shown in the tray until it has a visit.
  due_month TEXT,
  notes TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_by_status ON jobs (status, id);
CREATE INDEX jobs_by_customer ON jobs (customer_id, id);

-- What was sold, line by line, copied from the accepted quote (a later price change to the quote
-- template never changes a booked job).
CREATE TABLE job_line_items (
  job_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  service TEXT NOT NULL,
  area_sq_ft INTEGER CHECK (area_sq_ft IS NULL OR area_sq_ft > 0),
  unit_price_cents INTEGER CHECK (unit_price_cents IS NULL OR unit_price_cents >= 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (job_id, position)
) WITHOUT ROWID;

ALTER TABLE appointments ADD COLUMN kind TEXT NOT NULL DEFAULT 'estimate' CHECK (kind IN ('estimate', 'job'));
ALTER TABLE appointments ADD COLUMN job_id INTEGER REFERENCES jobs (id);
ALTER TABLE appointments ADD COLUMN crew_id INTEGER REFERENCES crews (id);
ALTER TABLE appointments ADD COLUMN duration_minutes INTEGER NOT NULL DEFAULT 30
  CHECK (duration_minutes BETWEEN 15 AND 720);
-- Every visit is on some crew's day: existing ones go to the default crew.
UPDATE appointments SET crew_id = (SELECT min(id) FROM crews);
-- The board reads a date range per crew; clashes are checked per crew and day.
CREATE INDEX appointments_board ON appointments (scheduled_date, crew_id) WHERE status = 'scheduled';
CREATE INDEX appointments_job ON appointments (job_id) WHERE job_id IS NOT NULL;
