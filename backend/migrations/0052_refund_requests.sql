-- Refunds staff ask for (issue 35, item 5). Each request is a row BEFORE Stripe is asked, so the
-- idempotency key Stripe sees is our own row's ("washdesk-refund-<id>"): a retried request, a lost
-- answer or a double click asks Stripe again with the same key and gets the same refund back, never
-- a second one. A request still "requested" counts against what is left refundable, so two clicks
-- racing cannot both pass the check. Cash and checks are given back by hand: their request is
-- "recorded" at once with its manual ledger row.
CREATE TABLE refund_requests (
  id INTEGER PRIMARY KEY,
  -- The ledger row of the payment being refunded.
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
  -- The part of amount_cents that gives back a tip (a tip is refundable on its own).
  tip_cents INTEGER NOT NULL DEFAULT 0
    CHECK (typeof(tip_cents) = 'integer' AND tip_cents >= 0 AND tip_cents <= amount_cents),
  reason TEXT,
  -- The client's Idempotency-Key header, when it sent one: the same key answers the same request.
  client_key TEXT UNIQUE,
  -- requested: Stripe not yet answered (or the answer was lost); recorded: its ledger row exists;
  -- failed: Stripe refused it (nothing was given back).
  status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'recorded', 'failed')),
  provider_refund_id TEXT,
  -- The refund's own ledger row (negative), once recorded.
  ledger_id INTEGER REFERENCES payments (id),
  problem TEXT,
  requested_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX refund_requests_of_payment ON refund_requests (payment_id, status);
