-- Voiding an invoice (issue 35, item 4) keeps why, for the customer who asks and the accountant.
ALTER TABLE invoices ADD COLUMN void_reason TEXT;
