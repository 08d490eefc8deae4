-- Markups (§4.4): creating from URLs and files, listing, searching, deleting.
-- thumbnail_storage_key: the object-store key of a file markup's thumbnail, written by the
-- conversion worker; the API signs a read URL from it on every answer (a stored URL would expire).
ALTER TABLE markups ADD COLUMN thumbnail_storage_key text;

-- The list and search read only live markups of one workspace, newest first with the id as
-- tiebreak (the keyset cursor); a partial index keeps deleted markups, which stay for metrics,
-- out of those scans.
CREATE INDEX markups_live_workspace_created_idx ON markups (workspace_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
