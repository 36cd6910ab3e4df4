-- The Omnibar's customer search at tens of thousands of records: a substring of any name, e-mail,
-- address or phone number a person used. LIKE '%x%' on `search_text` read every record (about
-- 46 ms at 71,501 customers, backend/bench/requests-inbox.bench.ts); a trigram index answers the
-- same substring question from the index (3 characters or more; shorter searches still scan).
-- It mirrors `customers.search_text` (external content); triggers keep it in step with the
-- matching trigger, edits and merges of migration 0012, which all write `search_text`.
CREATE VIRTUAL TABLE customers_search USING fts5(
  search_text, content = 'customers', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO customers_search (customers_search) VALUES ('rebuild');
CREATE TRIGGER customers_search_add AFTER INSERT ON customers BEGIN
  INSERT INTO customers_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
CREATE TRIGGER customers_search_drop AFTER DELETE ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
END;
CREATE TRIGGER customers_search_follow AFTER UPDATE OF search_text ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
  INSERT INTO customers_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
