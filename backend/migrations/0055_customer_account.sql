-- The customer's own page (issue 36): a sign-in link sent by text or e-mail opens a session on the
-- customer's device. Only the SHA-256 of a link's or a session's key is stored, so a copy of the
-- database signs nobody in; the keys themselves exist only in the message and the cookie.

-- A sign-in link: lives 60 minutes and is spent once, by the Continue button's POST only (a mail
-- scanner that opens the link spends nothing). The customer is the record the contact matched;
-- a later merge is followed when the session reads (customers.merged_into).
CREATE TABLE account_links (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  -- Who asked for it: the customer on /account, or staff from the customer's record.
  requested_by TEXT NOT NULL CHECK (requested_by IN ('customer', 'staff')),
  channel TEXT NOT NULL CHECK (channel IN ('text', 'email')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;
CREATE INDEX account_links_customer ON account_links (customer_id);

-- A signed-in device: 30 days, ended by signing out or by staff ("Sign out everywhere").
CREATE TABLE account_sessions (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) WITHOUT ROWID;
CREATE INDEX account_sessions_customer ON account_sessions (customer_id) WHERE revoked_at IS NULL;

-- Link requests of the last hour, for the limit of 5 per contact and per address. Both are kept as
-- SHA-256 only: the limit needs to count them, not to know who asked.
CREATE TABLE account_link_requests (
  id INTEGER PRIMARY KEY,
  contact_hash TEXT NOT NULL,
  address_hash TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX account_link_requests_contact ON account_link_requests (contact_hash, at);
CREATE INDEX account_link_requests_address ON account_link_requests (address_hash, at);
CREATE INDEX account_link_requests_at ON account_link_requests (at);
