-- Recurring service (issue 33, item 6). A customer's plan is an RFC 5545 rule in the business's
-- time zone ("every 2 years in April"); a season ahead, each due month becomes an unscheduled job
-- (jobs.plan_id, jobs.due_month), and the customer gets a link to pick its slot.

CREATE TABLE service_plans (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  every_years INTEGER NOT NULL CHECK (every_years BETWEEN 1 AND 10),
  month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
  start_year INTEGER NOT NULL,
  -- The rule as stored and expanded: 'DTSTART;TZID=…:YYYYMM01T090000', a line break, 'RRULE:…'. The
  -- columns above are what staff chose; the rule is what the season reads.
  rule TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  title TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 15 AND 720),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'stopped')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX service_plans_by_customer ON service_plans (customer_id, id);
CREATE INDEX service_plans_active ON service_plans (id) WHERE status = 'active';

-- What the plan sells each time, line by line (a job copies them when it is made).
CREATE TABLE service_plan_items (
  plan_id INTEGER NOT NULL REFERENCES service_plans (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  service TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (plan_id, position)
) WITHOUT ROWID;

-- One job per plan and due month, whoever runs the season and however often (a second run, or a
-- run after a crash between two plans, finds the row and makes no second job). Jobs without a
-- plan have plan_id NULL, which a unique index never compares equal.
CREATE UNIQUE INDEX jobs_one_per_plan_month ON jobs (plan_id, due_month);

-- The key of a plan job's "pick your slot" page: only its SHA-256 is stored, like visit_links.
CREATE TABLE plan_visit_links (
  token_hash TEXT PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  created_at TEXT NOT NULL
) WITHOUT ROWID;
