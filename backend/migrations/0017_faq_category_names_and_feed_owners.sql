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
