-- The size of the home the customer may give on the photo form: the local estimate prices from it
-- and staff see what was said. NULL = not given.
ALTER TABLE photo_submissions ADD COLUMN stories INTEGER;
ALTER TABLE photo_submissions ADD COLUMN square_feet INTEGER;

-- Quote-tool submissions used to carry their address twice: in the address field and pasted at
-- the end of the notes as "Address: …". Take the copy out of the notes (exactly that suffix only).
UPDATE photo_submissions
SET notes = CASE
  WHEN notes = 'Address: ' || address THEN NULL
  ELSE substr(notes, 1, length(notes) - length(char(10) || 'Address: ' || address))
END
WHERE source = 'quote-tool' AND address IS NOT NULL
  AND (notes = 'Address: ' || address
    OR substr(notes, -length(char(10) || 'Address: ' || address)) = char(10) || 'Address: ' || address);

-- They also had no service type (shown as "General Cleaning"). The service the quote priced is
-- in the stored analysis: name it with the pricing engine's labels, in the analysis's order.
UPDATE photo_submissions
SET service_type = (
  SELECT group_concat(label, ', ') FROM (
    SELECT CASE json_extract(j.value, '$.surfaceType')
        WHEN 'house_soft_wash' THEN 'House Soft Washing'
        WHEN 'roof_cleaning' THEN 'Roof Cleaning'
        WHEN 'moss_removal' THEN 'Moss Removal'
        WHEN 'concrete_cleaning' THEN 'Concrete Cleaning'
      END AS label,
      MIN(CAST(j.key AS INTEGER)) AS first
    FROM submission_analyses a, json_each(a.surfaces) j
    WHERE a.submission_id = photo_submissions.id
    GROUP BY label
    ORDER BY first
  )
)
WHERE source = 'quote-tool' AND service_type IS NULL
  AND id IN (SELECT submission_id FROM submission_analyses);
