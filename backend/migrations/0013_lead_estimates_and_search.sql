-- "Book estimate" from the requests inbox (issue 16): the appointment booked for a lead, so its row
-- can show when the estimate visit is and link to it. Kept when the appointment is later moved or
-- cancelled (the row reads the appointment's own date and status); gone only with the appointment.
ALTER TABLE leads ADD COLUMN estimate_appointment_id INTEGER REFERENCES appointments (id) ON DELETE SET NULL;

-- The inbox's search at 100,000 leads: a substring of a name, e-mail, address or phone number.
-- LIKE '%x%' reads every row (about 60 ms at 100,000 leads, measured by
-- backend/bench/requests-inbox.bench.ts); a trigram index answers the same substring question
-- from the index (3 characters or more; shorter searches still read every row). It mirrors the
-- searched columns of `leads` (external content) and triggers keep it in step.
CREATE VIRTUAL TABLE leads_search USING fts5(
  name, email, address, phone_digits, content = 'leads', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO leads_search (leads_search) VALUES ('rebuild');
CREATE TRIGGER leads_search_add AFTER INSERT ON leads BEGIN
  INSERT INTO leads_search (rowid, name, email, address, phone_digits)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.address, NEW.phone_digits);
END;
CREATE TRIGGER leads_search_drop AFTER DELETE ON leads BEGIN
  INSERT INTO leads_search (leads_search, rowid, name, email, address, phone_digits)
  VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.address, OLD.phone_digits);
END;
CREATE TRIGGER leads_search_follow AFTER UPDATE OF name, email, address, phone_digits ON leads BEGIN
  INSERT INTO leads_search (leads_search, rowid, name, email, address, phone_digits)
  VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.address, OLD.phone_digits);
  INSERT INTO leads_search (rowid, name, email, address, phone_digits)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.address, NEW.phone_digits);
END;

-- "Won phone leads", "new Messenger leads": a stage and a channel together read one index range
-- instead of one filter's rows each looked up for the other (26 ms at 100,000 leads without it).
CREATE INDEX leads_stage_channel ON leads (stage, channel, created_at DESC);
