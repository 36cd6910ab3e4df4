-- Issue 21, round 2 of trust fixes.

-- FAQ categories are stored and sent as the spec names them ("Service Areas"), not as slugs
-- ("service-areas"): a client written against the spec sends and shows the names.
UPDATE faq_entries SET category = CASE category
  WHEN 'services' THEN 'Services'
  WHEN 'pricing' THEN 'Pricing'
  WHEN 'service-areas' THEN 'Service Areas'
  WHEN 'process' THEN 'Process'
  WHEN 'scheduling' THEN 'Scheduling'
  WHEN 'general' THEN 'General'
  ELSE category
END;

-- A calendar feed link is a credential to the whole schedule (names, phones, e-mails), so it
-- lives only as long as its creator's access: disabling the account, resetting its password or
-- signing it out everywhere revokes its links (backend/src/auth/session.repository.ts), and the
-- owner sees every link with who made it and when it was last read.
ALTER TABLE calendar_feeds ADD COLUMN created_by_user_id INTEGER REFERENCES users (id);
ALTER TABLE calendar_feeds ADD COLUMN last_used_at TEXT;
CREATE INDEX calendar_feeds_creator ON calendar_feeds (created_by_user_id) WHERE revoked_at IS NULL;

-- Links made so far recorded their creator by name only: a name that is exactly one account's
-- becomes that account; a link whose creator cannot be told for sure is revoked, since nobody's
-- leaving could ever end it. So is one whose creator is already disabled.
UPDATE calendar_feeds SET created_by_user_id = (SELECT u.id FROM users u WHERE u.name = calendar_feeds.created_by)
WHERE (SELECT COUNT(*) FROM users u WHERE u.name = calendar_feeds.created_by) = 1;
UPDATE calendar_feeds SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE revoked_at IS NULL AND (
  created_by_user_id IS NULL
  OR created_by_user_id IN (SELECT id FROM users WHERE disabled_at IS NOT NULL)
);
