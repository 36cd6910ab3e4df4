-- Getting paid (issue 35): deposits at acceptance, an invoice when the job is done, card and bank
-- payments through Stripe's hosted Checkout, cash and checks recorded by staff, tips, refunds and
-- disputes, and ONE ledger in integer cents from which every balance is computed. There is no card
-- fee column anywhere: California (SB 478) forbids a price that leaves out a mandatory fee, so a
-- surcharge cannot even be stored.

-- The ledger: every movement of money a row, signed as it moves the business's money (a payment
-- in is positive; a refund, a dispute's withdrawal and Stripe's fee are negative; a dispute won
-- back is positive). Balances are sums of its settled rows, never a stored total.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('payment', 'refund', 'dispute', 'dispute_reversal', 'fee')),
  -- pending: a bank payment on its way, a refund Stripe has not settled; failed/canceled never count.
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
  method TEXT NOT NULL CHECK (method IN ('card', 'us_bank_account', 'cash', 'check', 'other')),
  -- What the money was for: a quote's deposit, an invoice, or neither (a fee, an unmatched event).
  purpose TEXT CHECK (purpose IS NULL OR purpose IN ('deposit', 'invoice')),
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer'),
  -- The part of amount_cents that is a tip (never part of an invoice's total; refundable alone).
  tip_cents INTEGER NOT NULL DEFAULT 0 CHECK (typeof(tip_cents) = 'integer'),
  quote_id INTEGER,
  invoice_id INTEGER,
  job_id INTEGER,
  customer_id INTEGER,
  -- What made the row, once: 'stripe:pi_…', 'stripe:re_…', 'stripe:du_…', 'stripe:fee:txn_…',
  -- 'manual:<uuid>'. A replayed or reordered event finds its row by this key and only moves it on.
  source_key TEXT NOT NULL UNIQUE,
  provider_session_id TEXT,
  provider_payment_intent_id TEXT,
  provider_charge_id TEXT,
  provider_refund_id TEXT,
  provider_dispute_id TEXT,
  -- A refund's or dispute's payment row, once both are known (events may come in any order).
  refund_of INTEGER REFERENCES payments (id),
  -- A check's number, "other"'s description, a refund's reason.
  reference TEXT,
  note TEXT,
  recorded_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  occurred_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX payments_by_time ON payments (occurred_at DESC, id DESC);
CREATE INDEX payments_by_invoice ON payments (invoice_id, status) WHERE invoice_id IS NOT NULL;
CREATE INDEX payments_by_quote ON payments (quote_id, status) WHERE quote_id IS NOT NULL;
CREATE INDEX payments_by_job ON payments (job_id, status) WHERE job_id IS NOT NULL;
CREATE INDEX payments_by_customer ON payments (customer_id, status) WHERE customer_id IS NOT NULL;
CREATE INDEX payments_by_intent ON payments (provider_payment_intent_id) WHERE provider_payment_intent_id IS NOT NULL;
CREATE INDEX payments_by_charge ON payments (provider_charge_id) WHERE provider_charge_id IS NOT NULL;

-- A Checkout Session, made when the customer presses Pay (never when a link is sent), so the link
-- in a text never expires and the back button makes no second payment: the open session for the
-- same thing and amount is reused until it expires.
CREATE TABLE checkout_sessions (
  id INTEGER PRIMARY KEY,
  provider_session_id TEXT NOT NULL UNIQUE,
  purpose TEXT NOT NULL CHECK (purpose IN ('deposit', 'invoice')),
  quote_id INTEGER,
  invoice_id INTEGER,
  job_id INTEGER,
  customer_id INTEGER,
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
  tip_cents INTEGER NOT NULL DEFAULT 0 CHECK (typeof(tip_cents) = 'integer' AND tip_cents >= 0),
  url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX checkout_sessions_open ON checkout_sessions (purpose, quote_id, invoice_id) WHERE status = 'open';

-- An invoice: made when a job is marked done, its lines copied from the job, the deposit credited.
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  -- What the customer and the accountant read: 1001, 1002, … (QuickBooks' "Invoice number").
  number INTEGER NOT NULL UNIQUE,
  job_id INTEGER NOT NULL UNIQUE REFERENCES jobs (id),
  customer_id INTEGER,
  customer_name TEXT NOT NULL,
  customer_phone TEXT,
  customer_email TEXT,
  address TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
  -- The lines' sum; the deposit already paid is credited; what is owed is computed from the ledger.
  subtotal_cents INTEGER NOT NULL CHECK (typeof(subtotal_cents) = 'integer' AND subtotal_cents >= 0),
  deposit_credited_cents INTEGER NOT NULL DEFAULT 0
    CHECK (typeof(deposit_credited_cents) = 'integer' AND deposit_credited_cents >= 0),
  total_cents INTEGER NOT NULL CHECK (typeof(total_cents) = 'integer' AND total_cents >= 0),
  -- 'YYYY-MM-DD' in the business's time zone.
  issued_on TEXT NOT NULL,
  due_on TEXT NOT NULL,
  sent_at TEXT,
  opened_at TEXT,
  paid_at TEXT,
  voided_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX invoices_by_status ON invoices (status, due_on, id);
CREATE INDEX invoices_by_customer ON invoices (customer_id, id);
CREATE INDEX invoices_by_issued ON invoices (issued_on, id);

CREATE TABLE invoice_lines (
  invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  service TEXT NOT NULL,
  description TEXT,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL CHECK (typeof(unit_price_cents) = 'integer' AND unit_price_cents >= 0),
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents >= 0),
  PRIMARY KEY (invoice_id, position)
) WITHOUT ROWID;

-- A dispute (chargeback): its deadline for evidence, its state, and what it withdrew (the ledger
-- holds the money; this holds what staff must do about it).
CREATE TABLE disputes (
  id INTEGER PRIMARY KEY,
  provider_dispute_id TEXT NOT NULL UNIQUE,
  provider_payment_intent_id TEXT,
  provider_charge_id TEXT,
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents >= 0),
  reason TEXT,
  status TEXT NOT NULL,
  evidence_due_by TEXT,
  invoice_id INTEGER,
  quote_id INTEGER,
  job_id INTEGER,
  customer_id INTEGER,
  opened_at TEXT NOT NULL,
  closed_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX disputes_open ON disputes (evidence_due_by) WHERE closed_at IS NULL;

-- A quote may ask its own deposit instead of Settings' rule (null: the rule; 0: none).
ALTER TABLE sent_quotes ADD COLUMN deposit_override_cents INTEGER
  CHECK (deposit_override_cents IS NULL OR (typeof(deposit_override_cents) = 'integer' AND deposit_override_cents >= 0));
-- The deposit the quote asked when it was accepted (the rule then, not now).
ALTER TABLE sent_quotes ADD COLUMN deposit_cents INTEGER
  CHECK (deposit_cents IS NULL OR (typeof(deposit_cents) = 'integer' AND deposit_cents >= 0));
