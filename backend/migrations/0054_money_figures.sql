-- Money figures (issue 35, items 6 and 7): the weekly report's and the dashboard's quoted, won,
-- invoiced and collected dollars, the customers' open balance and the accountant's QuickBooks
-- exports are read from range scans of these indexes, so a year of 100,000 payments and 30,000
-- invoices costs a few milliseconds, not a scan of the ledger (npm run bench -- money).

-- Quoted: the offers sent in a week; won: the offers accepted in a week.
-- Both hold what the sums and the channel read (the quote's lead or photo submission).
CREATE INDEX sent_quotes_by_sent
  ON sent_quotes (sent_at, superseded_at, amount_cents, lead_id, submission_id);
CREATE INDEX sent_quotes_by_accepted
  ON sent_quotes (accepted_at, accepted_total_cents, amount_cents, lead_id, submission_id)
  WHERE accepted_at IS NOT NULL;
-- Collected: the settled ledger rows of a week, everything the sum reads held in the index.
CREATE INDEX payments_settled_by_time
  ON payments (occurred_at, kind, amount_cents, tip_cents, quote_id, job_id, invoice_id)
  WHERE status = 'succeeded';
-- What settled on an invoice (its open balance), read from the index alone.
CREATE INDEX payments_settled_of_invoice
  ON payments (invoice_id, status, kind, amount_cents, tip_cents) WHERE invoice_id IS NOT NULL;
-- Invoiced: a week's invoices with what the sum reads; the export's order (issue date, number).
CREATE INDEX invoices_by_issued_money ON invoices (issued_on, number, status, total_cents, job_id);
-- The open balance: a customer's open invoices, and the open invoices of every customer (the
-- Customers screen's "Open balance" filter walks only these, never the 100,000 customers).
CREATE INDEX invoices_open_by_customer ON invoices (customer_id, total_cents) WHERE status = 'open';
-- A merged record's invoices count on the record it was merged into.
CREATE INDEX customers_merged_into ON customers (merged_into) WHERE merged_into IS NOT NULL;
