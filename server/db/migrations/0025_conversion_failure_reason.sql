-- Why a conversion failed, as clients are told it (issue 17, the markup response's `conversion`):
-- the worker records a reason of its own beside `last_error`, which is for operators and may quote a
-- library. Until now the response's code was read back out of `last_error`'s wording, so rewording
-- a worker's message could change what clients were told. Rows failed before this migration get
-- the reason their wording meant then; anything else (store outages given up) stays null.
ALTER TABLE markup_conversions ADD COLUMN failure_reason text
  CHECK (failure_reason IN ('unreadable', 'too_large', 'too_many_pages', 'no_pages', 'larger_than_declared'));

UPDATE markup_conversions SET failure_reason = CASE
    WHEN last_error ~ '^PDFs may be at most \d+ MB' THEN 'too_large'
    WHEN last_error ~ '^the PDF has \d+ pages; at most' THEN 'too_many_pages'
    WHEN last_error ~ '^the PDF has no pages' THEN 'no_pages'
    WHEN last_error ~ '^the uploaded file has \d+ bytes, more than' THEN 'larger_than_declared'
    WHEN last_error ~ '^(not a readable |not a PNG|the image data cannot|not an MP4|the MP4 |no moov box|not a WebM|the markup has no original)' THEN 'unreadable'
  END
WHERE status = 'failed';
