-- Issue 38: a customer's MMS is answered as soon as the text is stored; its attachments are fetched
-- from Twilio after the answer. Each attachment named by the signed webhook waits here (in the
-- text's own transaction) until it is fetched and kept or refused, so a server stopped between the
-- answer and the fetch fetches it at its next start. Removed with the text.
CREATE TABLE texted_media_waiting (
  text_message_id INTEGER NOT NULL REFERENCES text_messages (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  content_type TEXT NOT NULL,
  PRIMARY KEY (text_message_id, position)
) WITHOUT ROWID;
