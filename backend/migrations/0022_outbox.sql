-- The outbox (issue 25): every automatic message the business sends (a missed-call text-back, a
-- visit reminder, a quote follow-up, a review request) is a row here first, then the scheduler
-- (backend/src/outbox/) sends it when due. Writing the row is the decision; sending is the
-- scheduler's job, so a crash, a restart or a provider outage never loses or repeats a message.

CREATE TABLE outbox_messages (
  id INTEGER PRIMARY KEY,
  -- Who asked for it and why, in one string ('missed-call:7075550123:2026-11-24'): the same
  -- decision taken twice (a webhook retried, two status callbacks) is stored once.
  idempotency_key TEXT NOT NULL UNIQUE,
  channel TEXT NOT NULL CHECK (channel IN ('text', 'email')),
  -- An E.164 number for a text, an address for an e-mail.
  recipient TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers (id),
  -- Which of the business's templates wrote the body ('missed-call', 'visit-reminder', ...).
  template TEXT NOT NULL,
  -- What the message is about ('appointment:12', 'quote:5'): the event that makes it pointless
  -- (a cancelled visit, an accepted quote) cancels every pending row about it at once.
  about TEXT,
  subject TEXT,
  body TEXT NOT NULL,
  -- Automatic messages wait out quiet hours and go only to numbers that may be texted; a message
  -- a staff member typed is sent as they asked.
  automatic INTEGER NOT NULL DEFAULT 1 CHECK (automatic IN (0, 1)),
  -- While pending: when it is due (ISO instant). While sending: when the claim's lease runs out.
  due_at TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- The scheduler run that claimed it and when: a row claimed by a run that is gone is reconciled.
  claimed_by TEXT,
  claimed_at TEXT,
  -- Twilio's message SID or the e-mail's Message-ID.
  provider_id TEXT,
  -- The last provider error, or why it was cancelled.
  error TEXT,
  -- Twilio's status callback: queued, sent, delivered, undelivered, failed.
  delivery_status TEXT,
  delivery_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
-- A pass reads only pending rows that are due and sending rows whose lease ran out: its cost does
-- not grow with the rows already sent.
CREATE INDEX outbox_messages_due ON outbox_messages (state, due_at);
CREATE INDEX outbox_messages_about ON outbox_messages (about, state) WHERE about IS NOT NULL;
CREATE INDEX outbox_messages_provider ON outbox_messages (provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX outbox_messages_recipient ON outbox_messages (recipient, created_at);
