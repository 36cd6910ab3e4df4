-- Messenger for real (issue 14): what Meta's webhook brings beyond a text, and who is handling a
-- conversation. (Meta's messaging window counts from the customer's last message's created_at.)

-- A photo or file the customer sent ('image' | 'file'), and Meta's link to it when it gave one.
ALTER TABLE messenger_messages ADD COLUMN attachment_kind TEXT CHECK (attachment_kind IN ('image', 'file'));
ALTER TABLE messenger_messages ADD COLUMN attachment_url TEXT;
-- Who wrote a staff message: the staff member's name, or 'Meta inbox' for a reply typed there.
ALTER TABLE messenger_messages ADD COLUMN sent_by TEXT;
-- When Meta reported the customer's Messenger got / showed a staff or assistant message.
ALTER TABLE messenger_messages ADD COLUMN delivered_at TEXT;
ALTER TABLE messenger_messages ADD COLUMN read_at TEXT;
-- 'HUMAN_AGENT' when a staff reply went out after the 24-hour window (Meta's tag, up to 7 days).
ALTER TABLE messenger_messages ADD COLUMN message_tag TEXT;

-- The staff member handling the conversation (NULL: the AI) and their last message (epoch ms):
-- after 24 h with no staff message the AI answers again.
ALTER TABLE messenger_conversations ADD COLUMN handled_by TEXT;
ALTER TABLE messenger_conversations ADD COLUMN handled_since_ms INTEGER;
