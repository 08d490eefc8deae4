-- Pinmark schema, part 18: file markups reviewable (issue 17; docs/api-decisions.md, "File markups").
-- Each image and PDF page gets renditions made by conversion: a thumbnail (filmstrips, page lists)
-- and a preview (viewers; clients that cannot render PDF), signed on every answer like the markup's
-- thumbnail. Video clips on messages name their upload (a message_attachment upload of a video) and
-- keep its object key; `shared_url` (the column of 0003) stays empty: the API signs a URL per answer.
ALTER TABLE markup_assets
  ADD COLUMN thumbnail_storage_key text,
  ADD COLUMN preview_storage_key text,
  ADD COLUMN preview_width integer,
  ADD COLUMN preview_height integer;

ALTER TABLE message_clip_videos
  ADD COLUMN upload_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  ADD COLUMN storage_key text,
  ADD COLUMN mime_type text,
  ADD COLUMN filesize bigint,
  ADD COLUMN position integer NOT NULL DEFAULT 0;
ALTER TABLE message_clip_videos ALTER COLUMN shared_url SET DEFAULT '';
CREATE INDEX message_clip_videos_message_idx ON message_clip_videos (message_id, position);
CREATE UNIQUE INDEX message_clip_videos_upload_idx ON message_clip_videos (upload_id);
