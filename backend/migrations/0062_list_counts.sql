-- Issue 38, admin lists at 100,000 rows: a list's total (X-Total-Count, and where the pager's last
-- page starts) was a COUNT(*) over the filter's index on every request, which walks every entry
-- it counts: as many as the list holds. Each list's totals per filter value are kept here instead,
-- moved by one row's triggers as that row is written (a write touches one counter per filter, so it
-- costs the same at any size), and read in one lookup (db/list-counts.ts). A list's unfiltered
-- total stays a plain COUNT(*), which SQLite answers from the b-tree's page counts.
--
-- `bucket` names the filters it counts, in the list's order: 'status=missed',
-- 'status=missed&callback=1', 'day=2026-11-28' (a visit's day: the visits from today on are the
-- sum of the days from today on); '' is the customers' list itself (the records not merged away).
CREATE TABLE list_counts (
  list TEXT NOT NULL,
  bucket TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (list, bucket)
) WITHOUT ROWID;

-- photo_submissions
INSERT INTO list_counts (list, bucket, n)
  SELECT 'photo_submissions', 'status=' || status AS bucket, count(*) FROM photo_submissions GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER photo_submissions_counted AFTER INSERT ON photo_submissions BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'photo_submissions', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER photo_submissions_uncounted AFTER DELETE ON photo_submissions BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'photo_submissions', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER photo_submissions_recounted AFTER UPDATE OF status ON photo_submissions
WHEN OLD.status IS NOT NEW.status BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'photo_submissions', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'photo_submissions', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- calls
INSERT INTO list_counts (list, bucket, n)
  SELECT 'calls', 'status=' || status AS bucket, count(*) FROM calls GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'calls', 'callback=' || callback_requested AS bucket, count(*) FROM calls GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'calls', 'status=' || status || '&callback=' || callback_requested AS bucket, count(*) FROM calls GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER calls_counted AFTER INSERT ON calls BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'calls', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket
      UNION ALL SELECT 'callback=' || NEW.callback_requested AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&callback=' || NEW.callback_requested AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER calls_uncounted AFTER DELETE ON calls BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'calls', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket
      UNION ALL SELECT 'callback=' || OLD.callback_requested AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&callback=' || OLD.callback_requested AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER calls_recounted AFTER UPDATE OF status, callback_requested ON calls
WHEN OLD.status IS NOT NEW.status OR OLD.callback_requested IS NOT NEW.callback_requested BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'calls', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket
      UNION ALL SELECT 'callback=' || OLD.callback_requested AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&callback=' || OLD.callback_requested AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'calls', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket
      UNION ALL SELECT 'callback=' || NEW.callback_requested AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&callback=' || NEW.callback_requested AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- service_requests
INSERT INTO list_counts (list, bucket, n)
  SELECT 'service_requests', 'status=' || status AS bucket, count(*) FROM service_requests GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER service_requests_counted AFTER INSERT ON service_requests BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'service_requests', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER service_requests_uncounted AFTER DELETE ON service_requests BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'service_requests', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER service_requests_recounted AFTER UPDATE OF status ON service_requests
WHEN OLD.status IS NOT NEW.status BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'service_requests', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'service_requests', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- leads
INSERT INTO list_counts (list, bucket, n)
  SELECT 'leads', 'stage=' || stage AS bucket, count(*) FROM leads GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'leads', 'channel=' || channel AS bucket, count(*) FROM leads GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'leads', 'stage=' || stage || '&channel=' || channel AS bucket, count(*) FROM leads GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER leads_counted AFTER INSERT ON leads BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'leads', bucket, +1 FROM (SELECT 'stage=' || NEW.stage AS bucket
      UNION ALL SELECT 'channel=' || NEW.channel AS bucket
      UNION ALL SELECT 'stage=' || NEW.stage || '&channel=' || NEW.channel AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER leads_uncounted AFTER DELETE ON leads BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'leads', bucket, -1 FROM (SELECT 'stage=' || OLD.stage AS bucket
      UNION ALL SELECT 'channel=' || OLD.channel AS bucket
      UNION ALL SELECT 'stage=' || OLD.stage || '&channel=' || OLD.channel AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER leads_recounted AFTER UPDATE OF stage, channel ON leads
WHEN OLD.stage IS NOT NEW.stage OR OLD.channel IS NOT NEW.channel BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'leads', bucket, -1 FROM (SELECT 'stage=' || OLD.stage AS bucket
      UNION ALL SELECT 'channel=' || OLD.channel AS bucket
      UNION ALL SELECT 'stage=' || OLD.stage || '&channel=' || OLD.channel AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'leads', bucket, +1 FROM (SELECT 'stage=' || NEW.stage AS bucket
      UNION ALL SELECT 'channel=' || NEW.channel AS bucket
      UNION ALL SELECT 'stage=' || NEW.stage || '&channel=' || NEW.channel AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- messenger_conversations
INSERT INTO list_counts (list, bucket, n)
  SELECT 'messenger_conversations', 'status=' || status AS bucket, count(*) FROM messenger_conversations GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER messenger_conversations_counted AFTER INSERT ON messenger_conversations BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'messenger_conversations', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER messenger_conversations_uncounted AFTER DELETE ON messenger_conversations BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'messenger_conversations', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER messenger_conversations_recounted AFTER UPDATE OF status ON messenger_conversations
WHEN OLD.status IS NOT NEW.status BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'messenger_conversations', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'messenger_conversations', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- customers
INSERT INTO list_counts (list, bucket, n)
  SELECT 'customers', '' AS bucket, count(*) FROM customers WHERE merged_into IS NULL GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'customers', 'town=' || lower(town) AS bucket, count(*) FROM customers WHERE town IS NOT NULL AND merged_into IS NULL GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER customers_counted AFTER INSERT ON customers BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'customers', bucket, +1 FROM (SELECT '' AS bucket WHERE NEW.merged_into IS NULL
      UNION ALL SELECT 'town=' || lower(NEW.town) AS bucket WHERE NEW.town IS NOT NULL AND NEW.merged_into IS NULL) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER customers_uncounted AFTER DELETE ON customers BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'customers', bucket, -1 FROM (SELECT '' AS bucket WHERE OLD.merged_into IS NULL
      UNION ALL SELECT 'town=' || lower(OLD.town) AS bucket WHERE OLD.town IS NOT NULL AND OLD.merged_into IS NULL) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER customers_recounted AFTER UPDATE OF address, merged_into ON customers
WHEN OLD.address IS NOT NEW.address OR OLD.merged_into IS NOT NEW.merged_into BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'customers', bucket, -1 FROM (SELECT '' AS bucket WHERE OLD.merged_into IS NULL
      UNION ALL SELECT 'town=' || lower(OLD.town) AS bucket WHERE OLD.town IS NOT NULL AND OLD.merged_into IS NULL) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'customers', bucket, +1 FROM (SELECT '' AS bucket WHERE NEW.merged_into IS NULL
      UNION ALL SELECT 'town=' || lower(NEW.town) AS bucket WHERE NEW.town IS NOT NULL AND NEW.merged_into IS NULL) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- appointments
INSERT INTO list_counts (list, bucket, n)
  SELECT 'appointments', 'status=' || status AS bucket, count(*) FROM appointments GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'appointments', 'day=' || scheduled_date AS bucket, count(*) FROM appointments GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'appointments', 'status=' || status || '&day=' || scheduled_date AS bucket, count(*) FROM appointments GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER appointments_counted AFTER INSERT ON appointments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket
      UNION ALL SELECT 'day=' || NEW.scheduled_date AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&day=' || NEW.scheduled_date AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER appointments_uncounted AFTER DELETE ON appointments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket
      UNION ALL SELECT 'day=' || OLD.scheduled_date AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&day=' || OLD.scheduled_date AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER appointments_recounted AFTER UPDATE OF status, scheduled_date ON appointments
WHEN OLD.status IS NOT NEW.status OR OLD.scheduled_date IS NOT NEW.scheduled_date BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket
      UNION ALL SELECT 'day=' || OLD.scheduled_date AS bucket
      UNION ALL SELECT 'status=' || OLD.status || '&day=' || OLD.scheduled_date AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'appointments', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket
      UNION ALL SELECT 'day=' || NEW.scheduled_date AS bucket
      UNION ALL SELECT 'status=' || NEW.status || '&day=' || NEW.scheduled_date AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- invoices
INSERT INTO list_counts (list, bucket, n)
  SELECT 'invoices', 'status=' || status AS bucket, count(*) FROM invoices GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER invoices_counted AFTER INSERT ON invoices BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'invoices', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER invoices_uncounted AFTER DELETE ON invoices BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'invoices', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER invoices_recounted AFTER UPDATE OF status ON invoices
WHEN OLD.status IS NOT NEW.status BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'invoices', bucket, -1 FROM (SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'invoices', bucket, +1 FROM (SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
-- payments
INSERT INTO list_counts (list, bucket, n)
  SELECT 'payments', 'kind=' || kind AS bucket, count(*) FROM payments GROUP BY 2 HAVING bucket IS NOT NULL
  UNION ALL SELECT 'payments', 'status=' || status AS bucket, count(*) FROM payments GROUP BY 2 HAVING bucket IS NOT NULL;
CREATE TRIGGER payments_counted AFTER INSERT ON payments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'payments', bucket, +1 FROM (SELECT 'kind=' || NEW.kind AS bucket
      UNION ALL SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER payments_uncounted AFTER DELETE ON payments BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'payments', bucket, -1 FROM (SELECT 'kind=' || OLD.kind AS bucket
      UNION ALL SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
END;
CREATE TRIGGER payments_recounted AFTER UPDATE OF kind, status ON payments
WHEN OLD.kind IS NOT NEW.kind OR OLD.status IS NOT NEW.status BEGIN
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'payments', bucket, -1 FROM (SELECT 'kind=' || OLD.kind AS bucket
      UNION ALL SELECT 'status=' || OLD.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n - 1;
  INSERT INTO list_counts (list, bucket, n)
    SELECT 'payments', bucket, +1 FROM (SELECT 'kind=' || NEW.kind AS bucket
      UNION ALL SELECT 'status=' || NEW.status AS bucket) WHERE bucket IS NOT NULL
    ON CONFLICT (list, bucket) DO UPDATE SET n = n + 1;
END;

-- A customer's items of each kind (the Customers screen's counts), kept beside the timeline rather
-- than counted per record on every page. The matcher writes items with INSERT OR REPLACE, and a
-- replaced row fires no delete trigger (recursive_triggers is off, SQLite's default), so the row
-- about to be replaced is taken off before the insert.
CREATE TABLE customer_item_counts (
  customer_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (customer_id, kind)
) WITHOUT ROWID;
INSERT INTO customer_item_counts (customer_id, kind, n)
  SELECT customer_id, kind, count(*) FROM customer_items GROUP BY customer_id, kind;
CREATE TRIGGER customer_items_replacing BEFORE INSERT ON customer_items BEGIN
  UPDATE customer_item_counts SET n = n - 1
  WHERE (customer_id, kind) = (SELECT customer_id, kind FROM customer_items
    WHERE kind = NEW.kind AND source_id = NEW.source_id);
END;
CREATE TRIGGER customer_items_counted AFTER INSERT ON customer_items BEGIN
  INSERT INTO customer_item_counts (customer_id, kind, n) VALUES (NEW.customer_id, NEW.kind, 1)
    ON CONFLICT (customer_id, kind) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER customer_items_uncounted AFTER DELETE ON customer_items BEGIN
  UPDATE customer_item_counts SET n = n - 1 WHERE customer_id = OLD.customer_id AND kind = OLD.kind;
END;
CREATE TRIGGER customer_items_moved AFTER UPDATE OF customer_id, kind ON customer_items
WHEN OLD.customer_id IS NOT NEW.customer_id OR OLD.kind IS NOT NEW.kind BEGIN
  UPDATE customer_item_counts SET n = n - 1 WHERE customer_id = OLD.customer_id AND kind = OLD.kind;
  INSERT INTO customer_item_counts (customer_id, kind, n) VALUES (NEW.customer_id, NEW.kind, 1)
    ON CONFLICT (customer_id, kind) DO UPDATE SET n = n + 1;
END;
