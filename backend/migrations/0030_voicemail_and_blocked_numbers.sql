-- Issue 24 items 5 and 7: a caller's recorded message, and the numbers staff blocked.
--
-- A voicemail is Twilio's recording of the call: only what Twilio's signed recording callback
-- said is kept (its id, its media address, its length, its state) and the transcript when one
-- arrives. The media stays at Twilio; staff hear it through the backend, which fetches it with the
-- account's credentials, so neither the address nor the credentials ever reach a browser.
ALTER TABLE calls ADD COLUMN recording_sid TEXT;
ALTER TABLE calls ADD COLUMN recording_url TEXT;
ALTER TABLE calls ADD COLUMN recording_seconds INTEGER;
ALTER TABLE calls ADD COLUMN recording_status TEXT;
ALTER TABLE calls ADD COLUMN recording_transcript TEXT;
-- Why the line hung up on a caller without an assistant turn: 'blocked' (a number staff blocked)
-- or 'unverified' (the carrier's STIR/SHAKEN check said the caller id failed verification).
ALTER TABLE calls ADD COLUMN screened TEXT CHECK (screened IN ('blocked', 'unverified'));
ALTER TABLE calls ADD COLUMN stir_verstat TEXT;

-- One row per number staff blocked, keyed like customer records: the number's last ten digits
-- ("phone:7075550123"), so "(707) 555-0123" and "+17075550123" are one number.
CREATE TABLE blocked_numbers (
  phone_key TEXT PRIMARY KEY CHECK (phone_key GLOB 'phone:[0-9]*' AND length(phone_key) = 16),
  phone_number TEXT NOT NULL,
  blocked_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
