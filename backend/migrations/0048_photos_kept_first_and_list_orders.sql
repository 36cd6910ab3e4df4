-- Issue 38: an upload is kept as it arrived (in photos-incoming/) and answered at once; stripping
-- its metadata, re-encoding it and making its thumbnail happen after the answer. Until then a
-- photo is 'pending' and never served; one that turns out not to be a readable image is
-- 'unreadable' and never served either. Photos stored before this were processed on arrival.
ALTER TABLE photos ADD COLUMN state TEXT NOT NULL DEFAULT 'ready'
  CHECK (state IN ('pending', 'ready', 'unreadable'));
-- What the processor picks up, oldest first, at every start and after every upload.
CREATE INDEX photos_pending ON photos (created_at, id) WHERE state = 'pending';

-- Issue 38, admin lists: the submissions list filtered by status pages from an index that holds
-- its whole order (created_at, then id), so neither a page nor a key cursor sorts anything.
CREATE INDEX photo_submissions_status_order ON photo_submissions (status, created_at DESC, id DESC);
