-- Existing records under the matching of 0015 (issue 21, item 12). Until now anyone writing from a
-- known number joined that record, under its name. A record only the matching ever wrote (staff
-- never edited it, merged it or merged another into it: both set `updated_at`) is matched again,
-- row by row in time order through 0015's trigger: its oldest row keeps the record's id (links to
-- it still work), a row of a different person on that number becomes that person's own record,
-- with "possibly the same as …" between the two. Records staff edited or merged are left as they
-- are: their rows may be together because staff said so.

CREATE TEMP TABLE rematched AS
SELECT c.id FROM customers c
WHERE c.merged_into IS NULL AND c.updated_at = c.created_at
  AND NOT EXISTS (SELECT 1 FROM customers m WHERE m.merged_into = c.id);

CREATE TEMP TABLE replayed AS
SELECT kind, source_id, CASE WHEN row_number() OVER (
    PARTITION BY customer_id ORDER BY at, kind, source_id) = 1 THEN customer_id END AS keeps
FROM customer_items WHERE customer_id IN (SELECT id FROM rematched);

DELETE FROM customer_terms WHERE customer_id IN (SELECT id FROM rematched);
DELETE FROM customer_keys WHERE customer_id IN (SELECT id FROM rematched);
DELETE FROM customer_items WHERE customer_id IN (SELECT id FROM rematched);
UPDATE customers SET name = NULL, phone = NULL, email = NULL, address = NULL, last_activity_at = created_at
WHERE id IN (SELECT id FROM rematched);

-- The same details the channels' triggers hand over (migration 0012), for the replayed rows only.
INSERT INTO customer_arrivals (kind, source_id, name, phone, email, address, phone_key, email_key, other_key, at, customer_id)
SELECT s.kind, s.source_id, s.name, s.phone, s.email, s.address, s.phone_key, s.email_key, s.other_key, s.at, r.keeps
FROM (
  SELECT 'request' AS kind, id AS source_id, NULLIF(trim(first_name || ' ' || last_name), '') AS name, phone, email,
    trim(address || IFNULL(', ' || city, '')) AS address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), '') AS phone_key,
    'email:' || NULLIF(lower(trim(email)), '') AS email_key, NULL AS other_key, created_at AS at FROM service_requests
  UNION ALL
  SELECT 'submission', id, NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), phone, email, address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(email)), ''), NULL, created_at FROM photo_submissions
  UNION ALL
  SELECT 'call', id, customer_name, phone_number, NULL, NULL,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    NULL, NULL, created_at FROM calls
  UNION ALL
  SELECT 'conversation', id, NULLIF(trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), ''), NULL, NULL, NULL,
    NULL, NULL, 'messenger:' || facebook_user_id, created_at FROM messenger_conversations
  UNION ALL
  SELECT 'appointment', id, customer_name, customer_phone, customer_email, address,
    'phone:' || NULLIF(substr(replace(replace(replace(replace(replace(replace(customer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10), ''),
    'email:' || NULLIF(lower(trim(customer_email)), ''), NULL, created_at FROM appointments
) s JOIN replayed r ON r.kind = s.kind AND r.source_id = s.source_id
ORDER BY s.at, s.kind, s.source_id;

DROP TABLE rematched;
DROP TABLE replayed;
