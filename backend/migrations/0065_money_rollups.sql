-- Money figures kept on write (issue 35): the weekly report's and the dashboard's quoted, won,
-- invoiced and collected dollars per week and channel read a few rollup rows per week instead of
-- summing every offer, invoice and ledger row of the weeks asked (a year of 100,000 payments cost
-- half a second; npm run bench -- money).
--
-- Each rollup is kept by triggers on its one source table, in the same transaction as every write
-- to it, whoever writes (the ledger repository is the only writer of payments; the quotes' and the
-- invoices' owners theirs): a row's old contribution is taken out and its new one put in, so a
-- status moving on, a refund learning its payment's ids, a quote superseded or an invoice voided
-- moves the figures exactly. Nothing else writes these tables (db/table-owners.test.ts), and the
-- straight computation is kept to prove them equal (reports/money-rollups.test.ts).
--
-- Instants are bucketed by their UTC hour ('YYYY-MM-DDTHH' of the ISO text): the business's day
-- starts at its time zone's midnight (configuration, unknown to SQL), and hours tile the days of
-- every whole-hour zone; in a zone with a half-hour offset the report adds the part-hours at a
-- week's edges from the source rows. Invoices carry the business's own date, so they roll up by day.
-- The channel is the quote's lead's channel as the source row is written ('' for none: a quote made
-- on a customer's record, a payment not tied to a quote).

CREATE TABLE payments_by_hour (
  hour TEXT NOT NULL,
  lead_channel TEXT NOT NULL,
  -- Settled payments, refunds, dispute withdrawals and reversals less their tips; fees are the
  -- business's cost, not money collected.
  collected_cents INTEGER NOT NULL CHECK (typeof(collected_cents) = 'integer'),
  tips_cents INTEGER NOT NULL CHECK (typeof(tips_cents) = 'integer'),
  PRIMARY KEY (hour, lead_channel)
) WITHOUT ROWID;

CREATE TABLE quotes_by_hour (
  hour TEXT NOT NULL,
  lead_channel TEXT NOT NULL,
  -- Offers sent in the hour (not superseded), and offers accepted in the hour.
  quoted_cents INTEGER NOT NULL CHECK (typeof(quoted_cents) = 'integer'),
  won_cents INTEGER NOT NULL CHECK (typeof(won_cents) = 'integer'),
  PRIMARY KEY (hour, lead_channel)
) WITHOUT ROWID;

CREATE TABLE invoices_by_day (
  day TEXT NOT NULL,
  lead_channel TEXT NOT NULL,
  -- Invoices issued that day (the business's date) that are not void.
  invoiced_cents INTEGER NOT NULL CHECK (typeof(invoiced_cents) = 'integer'),
  PRIMARY KEY (day, lead_channel)
) WITHOUT ROWID;

INSERT INTO payments_by_hour (hour, lead_channel, collected_cents, tips_cents)
SELECT substr(p.occurred_at, 1, 13), COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = COALESCE(p.quote_id, (SELECT j.quote_id FROM jobs j WHERE j.id = COALESCE(p.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = p.invoice_id))))), ''), SUM(p.amount_cents - p.tip_cents), SUM(p.tip_cents)
FROM payments p WHERE p.status = 'succeeded' AND p.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
GROUP BY 1, 2;

INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
SELECT hour, lead_channel, SUM(quoted), SUM(won) FROM (
  SELECT substr(s.sent_at, 1, 13) AS hour, COALESCE((SELECT l.channel FROM leads l WHERE l.id = s.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = s.submission_id), '') AS lead_channel, s.amount_cents AS quoted, 0 AS won
  FROM sent_quotes s WHERE s.superseded_at IS NULL
  UNION ALL
  SELECT substr(s.accepted_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = s.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = s.submission_id), ''), 0, COALESCE(s.accepted_total_cents, s.amount_cents)
  FROM sent_quotes s WHERE s.accepted_at IS NOT NULL)
GROUP BY 1, 2;

INSERT INTO invoices_by_day (day, lead_channel, invoiced_cents)
SELECT i.issued_on, COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = (SELECT j.quote_id FROM jobs j WHERE j.id = i.job_id)), ''), SUM(i.total_cents)
FROM invoices i WHERE i.status <> 'void'
GROUP BY 1, 2;

CREATE TRIGGER payments_by_hour_on_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payments_by_hour (hour, lead_channel, collected_cents, tips_cents)
  SELECT substr(NEW.occurred_at, 1, 13), COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = COALESCE(NEW.quote_id, (SELECT j.quote_id FROM jobs j WHERE j.id = COALESCE(NEW.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = NEW.invoice_id))))), ''),
    (NEW.amount_cents - NEW.tip_cents), NEW.tip_cents
  WHERE NEW.status = 'succeeded' AND NEW.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
  ON CONFLICT (hour, lead_channel) DO UPDATE SET collected_cents = collected_cents + excluded.collected_cents,
    tips_cents = tips_cents + excluded.tips_cents;
END;
CREATE TRIGGER payments_by_hour_on_update AFTER UPDATE OF status, kind, amount_cents, tip_cents, occurred_at, quote_id, job_id, invoice_id ON payments BEGIN
  INSERT INTO payments_by_hour (hour, lead_channel, collected_cents, tips_cents)
  SELECT substr(OLD.occurred_at, 1, 13), COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = COALESCE(OLD.quote_id, (SELECT j.quote_id FROM jobs j WHERE j.id = COALESCE(OLD.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = OLD.invoice_id))))), ''),
    -(OLD.amount_cents - OLD.tip_cents), -OLD.tip_cents
  WHERE OLD.status = 'succeeded' AND OLD.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
  ON CONFLICT (hour, lead_channel) DO UPDATE SET collected_cents = collected_cents + excluded.collected_cents,
    tips_cents = tips_cents + excluded.tips_cents;
  INSERT INTO payments_by_hour (hour, lead_channel, collected_cents, tips_cents)
  SELECT substr(NEW.occurred_at, 1, 13), COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = COALESCE(NEW.quote_id, (SELECT j.quote_id FROM jobs j WHERE j.id = COALESCE(NEW.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = NEW.invoice_id))))), ''),
    (NEW.amount_cents - NEW.tip_cents), NEW.tip_cents
  WHERE NEW.status = 'succeeded' AND NEW.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
  ON CONFLICT (hour, lead_channel) DO UPDATE SET collected_cents = collected_cents + excluded.collected_cents,
    tips_cents = tips_cents + excluded.tips_cents;
END;
CREATE TRIGGER payments_by_hour_on_delete AFTER DELETE ON payments BEGIN
  INSERT INTO payments_by_hour (hour, lead_channel, collected_cents, tips_cents)
  SELECT substr(OLD.occurred_at, 1, 13), COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = COALESCE(OLD.quote_id, (SELECT j.quote_id FROM jobs j WHERE j.id = COALESCE(OLD.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = OLD.invoice_id))))), ''),
    -(OLD.amount_cents - OLD.tip_cents), -OLD.tip_cents
  WHERE OLD.status = 'succeeded' AND OLD.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
  ON CONFLICT (hour, lead_channel) DO UPDATE SET collected_cents = collected_cents + excluded.collected_cents,
    tips_cents = tips_cents + excluded.tips_cents;
END;

CREATE TRIGGER quotes_by_hour_on_insert AFTER INSERT ON sent_quotes BEGIN
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(NEW.sent_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = NEW.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = NEW.submission_id), ''), NEW.amount_cents, 0
  WHERE NEW.superseded_at IS NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET quoted_cents = quoted_cents + excluded.quoted_cents;
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(NEW.accepted_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = NEW.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = NEW.submission_id), ''), 0, COALESCE(NEW.accepted_total_cents, NEW.amount_cents)
  WHERE NEW.accepted_at IS NOT NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET won_cents = won_cents + excluded.won_cents;
END;
CREATE TRIGGER quotes_by_hour_on_update AFTER UPDATE OF sent_at, superseded_at, amount_cents, accepted_at, accepted_total_cents, lead_id, submission_id ON sent_quotes BEGIN
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(OLD.sent_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = OLD.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = OLD.submission_id), ''), -OLD.amount_cents, 0
  WHERE OLD.superseded_at IS NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET quoted_cents = quoted_cents + excluded.quoted_cents;
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(OLD.accepted_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = OLD.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = OLD.submission_id), ''), 0, -COALESCE(OLD.accepted_total_cents, OLD.amount_cents)
  WHERE OLD.accepted_at IS NOT NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET won_cents = won_cents + excluded.won_cents;
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(NEW.sent_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = NEW.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = NEW.submission_id), ''), NEW.amount_cents, 0
  WHERE NEW.superseded_at IS NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET quoted_cents = quoted_cents + excluded.quoted_cents;
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(NEW.accepted_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = NEW.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = NEW.submission_id), ''), 0, COALESCE(NEW.accepted_total_cents, NEW.amount_cents)
  WHERE NEW.accepted_at IS NOT NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET won_cents = won_cents + excluded.won_cents;
END;
CREATE TRIGGER quotes_by_hour_on_delete AFTER DELETE ON sent_quotes BEGIN
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(OLD.sent_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = OLD.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = OLD.submission_id), ''), -OLD.amount_cents, 0
  WHERE OLD.superseded_at IS NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET quoted_cents = quoted_cents + excluded.quoted_cents;
  INSERT INTO quotes_by_hour (hour, lead_channel, quoted_cents, won_cents)
  SELECT substr(OLD.accepted_at, 1, 13), COALESCE((SELECT l.channel FROM leads l WHERE l.id = OLD.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = OLD.submission_id), ''), 0, -COALESCE(OLD.accepted_total_cents, OLD.amount_cents)
  WHERE OLD.accepted_at IS NOT NULL
  ON CONFLICT (hour, lead_channel) DO UPDATE SET won_cents = won_cents + excluded.won_cents;
END;

CREATE TRIGGER invoices_by_day_on_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO invoices_by_day (day, lead_channel, invoiced_cents)
  SELECT NEW.issued_on, COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = (SELECT j.quote_id FROM jobs j WHERE j.id = NEW.job_id)), ''), NEW.total_cents
  WHERE NEW.status <> 'void'
  ON CONFLICT (day, lead_channel) DO UPDATE SET invoiced_cents = invoiced_cents + excluded.invoiced_cents;
END;
CREATE TRIGGER invoices_by_day_on_update AFTER UPDATE OF issued_on, status, total_cents, job_id ON invoices BEGIN
  INSERT INTO invoices_by_day (day, lead_channel, invoiced_cents)
  SELECT OLD.issued_on, COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = (SELECT j.quote_id FROM jobs j WHERE j.id = OLD.job_id)), ''), -OLD.total_cents
  WHERE OLD.status <> 'void'
  ON CONFLICT (day, lead_channel) DO UPDATE SET invoiced_cents = invoiced_cents + excluded.invoiced_cents;
  INSERT INTO invoices_by_day (day, lead_channel, invoiced_cents)
  SELECT NEW.issued_on, COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = (SELECT j.quote_id FROM jobs j WHERE j.id = NEW.job_id)), ''), NEW.total_cents
  WHERE NEW.status <> 'void'
  ON CONFLICT (day, lead_channel) DO UPDATE SET invoiced_cents = invoiced_cents + excluded.invoiced_cents;
END;
CREATE TRIGGER invoices_by_day_on_delete AFTER DELETE ON invoices BEGIN
  INSERT INTO invoices_by_day (day, lead_channel, invoiced_cents)
  SELECT OLD.issued_on, COALESCE((SELECT COALESCE((SELECT l.channel FROM leads l WHERE l.id = q.lead_id),
    (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = q.submission_id)) FROM sent_quotes q WHERE q.id = (SELECT j.quote_id FROM jobs j WHERE j.id = OLD.job_id)), ''), -OLD.total_cents
  WHERE OLD.status <> 'void'
  ON CONFLICT (day, lead_channel) DO UPDATE SET invoiced_cents = invoiced_cents + excluded.invoiced_cents;
END;
