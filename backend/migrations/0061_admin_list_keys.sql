-- Issue 38, admin lists at 100,000 rows, the rest of them: each list's filter and its whole order in
-- one index, so a page from either end (and a key cursor) reads its rows straight off the index
-- with nothing sorted (backend/src/db/keyed-pages.ts). Indexes that ended before the order's last
-- key are replaced under the same names.

-- The requests inbox: newest first, by stage, channel or both.
DROP INDEX leads_stage;
CREATE INDEX leads_stage ON leads (stage, created_at DESC, id DESC);
DROP INDEX leads_channel;
CREATE INDEX leads_channel ON leads (channel, created_at DESC, id DESC);
DROP INDEX leads_stage_channel;
CREATE INDEX leads_stage_channel ON leads (stage, channel, created_at DESC, id DESC);

-- Visits: from today on, soonest first; then the past, latest day first; within a day by the hour
-- (the time labels' order, the same expression as appointment.repository.ts's TIME_OF_DAY, which
-- appointment-pages.test.ts checks against the query plan), then by id.
CREATE INDEX appointments_ahead ON appointments (scheduled_date,
  CASE preferred_time WHEN '8:00 AM' THEN 0 WHEN '9:00 AM' THEN 1 WHEN '10:00 AM' THEN 2 WHEN '11:00 AM' THEN 3 WHEN '12:00 PM' THEN 4 WHEN '1:00 PM' THEN 5 WHEN '2:00 PM' THEN 6 WHEN '3:00 PM' THEN 7 WHEN '4:00 PM' THEN 8 ELSE 9 END, id);
CREATE INDEX appointments_past ON appointments (scheduled_date DESC,
  CASE preferred_time WHEN '8:00 AM' THEN 0 WHEN '9:00 AM' THEN 1 WHEN '10:00 AM' THEN 2 WHEN '11:00 AM' THEN 3 WHEN '12:00 PM' THEN 4 WHEN '1:00 PM' THEN 5 WHEN '2:00 PM' THEN 6 WHEN '3:00 PM' THEN 7 WHEN '4:00 PM' THEN 8 ELSE 9 END, id);
DROP INDEX appointments_status;
CREATE INDEX appointments_status ON appointments (status, scheduled_date,
  CASE preferred_time WHEN '8:00 AM' THEN 0 WHEN '9:00 AM' THEN 1 WHEN '10:00 AM' THEN 2 WHEN '11:00 AM' THEN 3 WHEN '12:00 PM' THEN 4 WHEN '1:00 PM' THEN 5 WHEN '2:00 PM' THEN 6 WHEN '3:00 PM' THEN 7 WHEN '4:00 PM' THEN 8 ELSE 9 END, id);
CREATE INDEX appointments_status_past ON appointments (status, scheduled_date DESC,
  CASE preferred_time WHEN '8:00 AM' THEN 0 WHEN '9:00 AM' THEN 1 WHEN '10:00 AM' THEN 2 WHEN '11:00 AM' THEN 3 WHEN '12:00 PM' THEN 4 WHEN '1:00 PM' THEN 5 WHEN '2:00 PM' THEN 6 WHEN '3:00 PM' THEN 7 WHEN '4:00 PM' THEN 8 ELSE 9 END, id);

-- Invoices newest first by the day issued, one status at a time.
CREATE INDEX invoices_status_issued ON invoices (status, issued_on DESC, id DESC);

-- The ledger newest first, of one kind or one status.
CREATE INDEX payments_kind_time ON payments (kind, occurred_at DESC, id DESC);
CREATE INDEX payments_status_time ON payments (status, occurred_at DESC, id DESC);
