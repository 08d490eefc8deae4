-- Pinmark schema, part 4: uploads in an object store. Attachments keep their object's key (their
-- read URL is signed per response, so `url` is no longer stored) and their place in the message's
-- list, an upload belongs to at most one message, and the indexes the cleanup of deleted threads
-- and abandoned uploads needs.

ALTER TABLE message_attachments ADD COLUMN storage_key text;
ALTER TABLE message_attachments ADD COLUMN position integer NOT NULL DEFAULT 0;
ALTER TABLE message_attachments ALTER COLUMN url DROP NOT NULL;
CREATE UNIQUE INDEX message_attachments_upload_idx ON message_attachments (upload_id);
CREATE INDEX thread_screenshots_upload_idx ON thread_screenshots (upload_id);
CREATE INDEX uploads_resource_idx ON uploads (resource_type, resource_id);
CREATE INDEX uploads_pending_idx ON uploads (created_at) WHERE completed_at IS NULL;
