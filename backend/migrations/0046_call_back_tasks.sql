-- Every promise of a call back is a task (issue 34): a call marked for a call back now says why
-- (the caller's words or what the assistant could not answer) and whether it is urgent (damage,
-- water in the house, an injury, a complaint, an upset or repeat caller), so the office calls the
-- right people first. The Requests inbox reads both through the call's lead.
ALTER TABLE calls ADD COLUMN callback_reason TEXT;
ALTER TABLE calls ADD COLUMN callback_urgent INTEGER NOT NULL DEFAULT 0 CHECK (callback_urgent IN (0, 1));
