-- The customer's language (issue 37): stored once on the customer, from the page they wrote in,
-- the language of their call or their texts, and read by every message that goes to them after.
-- NULL: not known yet, which reads as English (the business's own language). Written only by
-- customers/customer.repository.ts (`rememberLanguage`); a merge keeps the kept record's choice
-- and otherwise takes the absorbed one's.
ALTER TABLE customers ADD COLUMN language TEXT CHECK (language IN ('en', 'es'));
