-- The photo analysis behind an AI quote, kept with the submission so staff can see what the
-- customer was told and quote from it.
CREATE TABLE submission_analyses (
  submission_id INTEGER PRIMARY KEY REFERENCES photo_submissions (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('openai', 'local-estimate')),
  model TEXT,
  surfaces TEXT NOT NULL,
  recommended_services TEXT NOT NULL,
  notes TEXT NOT NULL,
  confidence REAL NOT NULL,
  price_low INTEGER NOT NULL,
  price_high INTEGER NOT NULL,
  suggested_total INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  fallback_reason TEXT,
  created_at TEXT NOT NULL
);
