-- Consent for texts given on a public form (issue 25): the photo form, the quote tool and the
-- request wizard have an optional consent line; a number that ticked it may get automatic texts
-- like one that called or texted the business itself (texts/text-consent.ts reads this). One row
-- per number, keyed by its last ten digits as typed ("(707) 555-0123" is "+17075550123").

CREATE TABLE text_consents (
  phone_key TEXT PRIMARY KEY,
  -- The number as the customer typed it, for people reading the table.
  phone TEXT NOT NULL,
  -- Which form and which row of it gave the consent first.
  source TEXT NOT NULL CHECK (source IN ('photo-form', 'quote-tool', 'ai-analysis', 'wizard')),
  source_id INTEGER NOT NULL,
  consented_at TEXT NOT NULL
) WITHOUT ROWID;
