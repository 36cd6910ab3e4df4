-- Money in integer cents (issue 32, item 2). Every amount the business keeps is a whole number of
-- cents in an INTEGER `*_cents` column; the photo analyses kept their price range and suggested
-- total in dollars, so a quote was compared with them as `price_low * 100`. They are converted here
-- without changing one cent: round(x * 100) of each stored amount, and the copy is checked against
-- the old rows before the old table goes (a mismatch aborts the whole upgrade). A CHECK keeps a
-- floating-point value from ever being stored in them. SQLite cannot rename and retype columns in
-- place: the table is rebuilt with its rows (no trigger or index names it).

CREATE TABLE submission_analyses_cents (
  submission_id INTEGER PRIMARY KEY REFERENCES photo_submissions (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('openai', 'local-estimate')),
  model TEXT,
  surfaces TEXT NOT NULL,
  recommended_services TEXT NOT NULL,
  notes TEXT NOT NULL,
  -- How sure the model was, 0 to 1: a measure, not money.
  confidence REAL NOT NULL,
  price_low_cents INTEGER NOT NULL CHECK (typeof(price_low_cents) = 'integer' AND price_low_cents >= 0),
  price_high_cents INTEGER NOT NULL CHECK (typeof(price_high_cents) = 'integer' AND price_high_cents >= 0),
  suggested_total_cents INTEGER NOT NULL
    CHECK (typeof(suggested_total_cents) = 'integer' AND suggested_total_cents >= 0),
  duration_ms INTEGER NOT NULL,
  fallback_reason TEXT,
  created_at TEXT NOT NULL
);
INSERT INTO submission_analyses_cents (submission_id, provider, model, surfaces, recommended_services, notes,
  confidence, price_low_cents, price_high_cents, suggested_total_cents, duration_ms, fallback_reason, created_at)
SELECT submission_id, provider, model, surfaces, recommended_services, notes, confidence,
  CAST(round(price_low * 100) AS INTEGER), CAST(round(price_high * 100) AS INTEGER),
  CAST(round(suggested_total * 100) AS INTEGER), duration_ms, fallback_reason, created_at
FROM submission_analyses;

-- The check: every row came across, and each amount is its old value to the cent. A failing
-- check inserts NULL into a NOT NULL column, which stops the upgrade with nothing applied.
CREATE TEMP TABLE money_check (ok INTEGER NOT NULL);
INSERT INTO money_check (ok)
SELECT CASE WHEN (SELECT count(*) FROM submission_analyses) = (SELECT count(*) FROM submission_analyses_cents)
  AND NOT EXISTS (SELECT 1 FROM submission_analyses o JOIN submission_analyses_cents n USING (submission_id)
    WHERE abs(o.price_low * 100 - n.price_low_cents) >= 0.5 OR abs(o.price_high * 100 - n.price_high_cents) >= 0.5
      OR abs(o.suggested_total * 100 - n.suggested_total_cents) >= 0.5)
  THEN 1 END;
DROP TABLE money_check;

DROP TABLE submission_analyses;
ALTER TABLE submission_analyses_cents RENAME TO submission_analyses;
