-- Issue 38, the visits list at volume: its total from today on was the sum of every day's kept
-- total (0062's 'day=' buckets) from today to the last day with a visit, one row per day. A
-- business that books years ahead, or repeats visits far into the future, made that sum grow with
-- the number of days ahead (12,500 rows, 1.3 ms a page, in the bench's 100,000 visits). Each
-- month's total is kept beside its days' ('month=2026-11', 'status=…&month=2026-11'), so a range of
-- days reads the days of its first and last month and one row per month between
-- (appointments/appointment-pages.ts). A visit's month is the first seven characters of its day.
INSERT INTO list_counts (list, bucket, n)
  SELECT 'appointments', 'month=' || substr(scheduled_date, 1, 7) AS bucket, count(*) FROM appointments GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'appointments', 'status=' || status || '&month=' || substr(scheduled_date, 1, 7) AS bucket, count(*) FROM appointments GROUP BY 2 HAVING bucket IS NOT NULL;

-- Kept beside 0062's day buckets by triggers of their own, on the same writes as 0062's.
CREATE TRIGGER appointments_counted_by_month AFTER INSERT ON appointments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, +1 FROM (SELECT 'month=' || substr(NEW.scheduled_date, 1, 7) AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&month=' || substr(NEW.scheduled_date, 1, 7) AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER appointments_uncounted_by_month AFTER DELETE ON appointments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, -1 FROM (SELECT 'month=' || substr(OLD.scheduled_date, 1, 7) AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&month=' || substr(OLD.scheduled_date, 1, 7) AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER appointments_recounted_by_month AFTER UPDATE OF status, scheduled_date ON appointments
WHEN OLD.status IS NOT NEW.status OR substr(OLD.scheduled_date, 1, 7) IS NOT substr(NEW.scheduled_date, 1, 7) BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, -1 FROM (SELECT 'month=' || substr(OLD.scheduled_date, 1, 7) AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&month=' || substr(OLD.scheduled_date, 1, 7) AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, +1 FROM (SELECT 'month=' || substr(NEW.scheduled_date, 1, 7) AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&month=' || substr(NEW.scheduled_date, 1, 7) AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
