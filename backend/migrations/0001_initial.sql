-- Washdesk's first schema. Times are ISO-8601 UTC text (sortable); money is whole cents.

CREATE TABLE photo_submissions (
  id INTEGER PRIMARY KEY,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  email TEXT,
  address TEXT,
  service_type TEXT,
  notes TEXT,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'reviewed', 'quoted', 'completed')),
  estimate_amount_cents INTEGER CHECK (estimate_amount_cents IS NULL OR estimate_amount_cents >= 0),
  source TEXT NOT NULL DEFAULT 'photo-form'
    CHECK (source IN ('photo-form', 'ai-analysis', 'quote-tool', 'wizard')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX photo_submissions_created ON photo_submissions (created_at DESC, id DESC);
CREATE INDEX photo_submissions_status ON photo_submissions (status, created_at DESC);

CREATE TABLE service_requests (
  id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  address TEXT NOT NULL,
  city TEXT,
  service_type TEXT NOT NULL,
  property_type TEXT,
  urgency TEXT,
  description TEXT,
  has_photos INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'scheduled', 'closed')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX service_requests_created ON service_requests (created_at DESC, id DESC);
CREATE INDEX service_requests_status ON service_requests (status, created_at DESC);

-- A photo belongs to exactly one submission or one service request. Ids are random so they
-- cannot be guessed; the files on disk are named after them.
CREATE TABLE photos (
  id TEXT PRIMARY KEY,
  submission_id INTEGER REFERENCES photo_submissions (id) ON DELETE CASCADE,
  service_request_id INTEGER REFERENCES service_requests (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  original_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((submission_id IS NULL) <> (service_request_id IS NULL))
);
CREATE INDEX photos_submission ON photos (submission_id, position);
CREATE INDEX photos_service_request ON photos (service_request_id, position);

CREATE TABLE calls (
  id INTEGER PRIMARY KEY,
  call_sid TEXT UNIQUE,
  customer_name TEXT,
  phone_number TEXT NOT NULL,
  status TEXT NOT NULL,
  summary TEXT,
  duration_seconds INTEGER,
  intent TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX calls_created ON calls (created_at DESC, id DESC);
CREATE INDEX calls_status ON calls (status, created_at DESC);

CREATE TABLE messenger_conversations (
  id INTEGER PRIMARY KEY,
  facebook_user_id TEXT NOT NULL UNIQUE,
  first_name TEXT,
  last_name TEXT,
  profile_pic TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  last_message_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX messenger_conversations_last ON messenger_conversations (last_message_at DESC, id DESC);

CREATE TABLE messenger_messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES messenger_conversations (id) ON DELETE CASCADE,
  -- Meta's message id; unique so a redelivered webhook is stored once.
  mid TEXT UNIQUE,
  sender TEXT NOT NULL CHECK (sender IN ('customer', 'staff', 'assistant')),
  message_text TEXT NOT NULL,
  delivery_status TEXT NOT NULL CHECK (delivery_status IN ('received', 'pending', 'sent', 'not_delivered')),
  delivery_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX messenger_messages_conversation ON messenger_messages (conversation_id, created_at, id);
CREATE INDEX messenger_messages_created ON messenger_messages (created_at DESC, id DESC);

CREATE TABLE ai_responses (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('phone', 'messenger')),
  call_id INTEGER REFERENCES calls (id) ON DELETE SET NULL,
  conversation_id INTEGER REFERENCES messenger_conversations (id) ON DELETE SET NULL,
  customer_message TEXT NOT NULL,
  ai_response TEXT NOT NULL,
  intent TEXT NOT NULL,
  response_time_ms INTEGER,
  successful INTEGER NOT NULL DEFAULT 1,
  photo_request_sent INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX ai_responses_created ON ai_responses (created_at DESC, id DESC);

CREATE TABLE faq_entries (
  id INTEGER PRIMARY KEY,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  category TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  usage_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE appointments (
  id INTEGER PRIMARY KEY,
  customer_name TEXT NOT NULL,
  customer_phone TEXT NOT NULL,
  customer_email TEXT,
  address TEXT NOT NULL,
  service_type TEXT NOT NULL,
  scheduled_date TEXT NOT NULL,
  preferred_time TEXT,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'cancelled')),
  estimate_amount_cents INTEGER CHECK (estimate_amount_cents IS NULL OR estimate_amount_cents >= 0),
  notes TEXT,
  source TEXT NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'phone', 'web')),
  call_id INTEGER REFERENCES calls (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX appointments_date ON appointments (scheduled_date DESC, id DESC);
CREATE INDEX appointments_status ON appointments (status, scheduled_date);

-- Small key/value settings (the AI assistant's switches), stored as JSON.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE common_responses (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  category TEXT NOT NULL,
  position INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);

-- The three pre-written answers always exist (spec: a fixed list); staff edit only their text.
INSERT INTO common_responses (id, title, content, category, position, updated_at) VALUES
  ('service-areas', 'Service Areas',
   'We serve Mendocino, Humboldt and Trinity counties, especially Southern Humboldt, within about 30 miles of our base. Tell us your address and we will confirm we can reach you.',
   'Location', 1, '2026-01-01T00:00:00.000Z'),
  ('pricing', 'Pricing Information',
   'Soft washing starts at $150 for small homes. Most houses run $0.40 to $0.65 per square foot, roofs $0.50 to $0.80, moss removal $0.60 to $0.90 and concrete $0.30 to $0.50. Estimates are always free.',
   'Pricing', 2, '2026-01-01T00:00:00.000Z'),
  ('process', 'Service Process',
   'Send us a few photos or book a free on-site estimate. We contact you within 24 hours with a quote, schedule a day that suits you, and soft wash with low pressure and biodegradable cleaners that are safe for plants and pets.',
   'Process', 3, '2026-01-01T00:00:00.000Z');
