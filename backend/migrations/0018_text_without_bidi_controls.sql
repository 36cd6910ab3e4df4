-- Text that lies about itself (issue 21): bidirectional controls (embeddings, overrides, isolates,
-- the direction marks) arrived from providers and webhooks and were stored, so a name ending
-- "\u202egnp.exe" showed as "…exe.png". Every entry point now cleans or refuses them
-- (contract: wellFormedText, typedText); this removes them from what providers already brought
-- in. Updating the names fires the triggers that carry them to leads and customers.

UPDATE messenger_conversations SET
  first_name = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(first_name, char(0x202A), ''), char(0x202B), ''), char(0x202C), ''), char(0x202D), ''), char(0x202E), ''), char(0x2066), ''), char(0x2067), ''), char(0x2068), ''), char(0x2069), ''), char(0x200E), ''), char(0x200F), ''), char(0x061C), ''),
  last_name = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(last_name, char(0x202A), ''), char(0x202B), ''), char(0x202C), ''), char(0x202D), ''), char(0x202E), ''), char(0x2066), ''), char(0x2067), ''), char(0x2068), ''), char(0x2069), ''), char(0x200E), ''), char(0x200F), ''), char(0x061C), '')
WHERE first_name GLOB '*[' || char(0x202A) || char(0x202B) || char(0x202C) || char(0x202D) || char(0x202E) || char(0x2066) || char(0x2067) || char(0x2068) || char(0x2069) || char(0x200E) || char(0x200F) || char(0x061C) || ']*' OR last_name GLOB '*[' || char(0x202A) || char(0x202B) || char(0x202C) || char(0x202D) || char(0x202E) || char(0x2066) || char(0x2067) || char(0x2068) || char(0x2069) || char(0x200E) || char(0x200F) || char(0x061C) || ']*';

UPDATE messenger_messages SET
  message_text = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(message_text, char(0x202A), ''), char(0x202B), ''), char(0x202C), ''), char(0x202D), ''), char(0x202E), ''), char(0x2066), ''), char(0x2067), ''), char(0x2068), ''), char(0x2069), ''), char(0x200E), ''), char(0x200F), ''), char(0x061C), '')
WHERE message_text GLOB '*[' || char(0x202A) || char(0x202B) || char(0x202C) || char(0x202D) || char(0x202E) || char(0x2066) || char(0x2067) || char(0x2068) || char(0x2069) || char(0x200E) || char(0x200F) || char(0x061C) || ']*';

UPDATE calls SET
  phone_number = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(phone_number, char(0x202A), ''), char(0x202B), ''), char(0x202C), ''), char(0x202D), ''), char(0x202E), ''), char(0x2066), ''), char(0x2067), ''), char(0x2068), ''), char(0x2069), ''), char(0x200E), ''), char(0x200F), ''), char(0x061C), '')
WHERE phone_number GLOB '*[' || char(0x202A) || char(0x202B) || char(0x202C) || char(0x202D) || char(0x202E) || char(0x2066) || char(0x2067) || char(0x2068) || char(0x2069) || char(0x200E) || char(0x200F) || char(0x061C) || ']*';

UPDATE ai_responses SET
  customer_message = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(customer_message, char(0x202A), ''), char(0x202B), ''), char(0x202C), ''), char(0x202D), ''), char(0x202E), ''), char(0x2066), ''), char(0x2067), ''), char(0x2068), ''), char(0x2069), ''), char(0x200E), ''), char(0x200F), ''), char(0x061C), '')
WHERE customer_message GLOB '*[' || char(0x202A) || char(0x202B) || char(0x202C) || char(0x202D) || char(0x202E) || char(0x2066) || char(0x2067) || char(0x2068) || char(0x2069) || char(0x200E) || char(0x200F) || char(0x061C) || ']*';
