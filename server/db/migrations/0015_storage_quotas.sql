-- Pinmark schema, part 15: storage quotas per user and per workspace (server/model/storage-quota.ts).
--
-- Usage is the sum of `uploads.filesize` (a pending policy counts with its declared size) per
-- workspace and per uploader. Summing `uploads` on every check costs a scan of the workspace's
-- files (~50 ms at 100 000 files, under a lock that serializes the workspace's uploads), so the sums
-- are kept instead, by triggers: every write path, present or added later (deletions, the sweep,
-- conversion), records its change in its own transaction.
--
-- Triggers only append: each statement on `uploads` adds its net change per workspace and per
-- uploader to `storage_usage_changes` (statement-level, over the transition tables, so deleting a
-- thousand uploads is one insert, not a thousand updates). They lock no shared row, so they cannot
-- deadlock with anything a writer locks on its way. The quota check folds a workspace's changes into
-- `storage_usage` under its advisory lock; readers add the changes not folded yet.
-- In both tables `user_id` is the uploader, or the nil UUID for the workspace's total. No foreign
-- keys: a row outliving its workspace or user is harmless, and a cascade could meet the trigger.
CREATE TABLE storage_usage (
  workspace_id uuid NOT NULL,
  user_id uuid NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  pending_bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, user_id)
);

CREATE TABLE storage_usage_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id uuid NOT NULL,
  user_id uuid NOT NULL,
  bytes bigint NOT NULL,
  pending_bytes bigint NOT NULL
);
CREATE INDEX storage_usage_changes_workspace_idx ON storage_usage_changes (workspace_id, user_id);

-- What is used now: the folded sums plus the changes not folded yet.
CREATE VIEW storage_usage_now AS
SELECT workspace_id, user_id, sum(bytes) AS bytes, sum(pending_bytes) AS pending_bytes
FROM (SELECT workspace_id, user_id, bytes, pending_bytes FROM storage_usage
      UNION ALL
      SELECT workspace_id, user_id, bytes, pending_bytes FROM storage_usage_changes) u
GROUP BY workspace_id, user_id;

-- Net changes of one statement: a total row per workspace and a row per uploader, zeros left out.
CREATE FUNCTION pinmark_record_storage(ws uuid[], uploader uuid[], delta bigint[], pending bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (SELECT * FROM unnest(ws, uploader, delta, pending) AS c (workspace_id, user_id, bytes, pending_bytes))
  INSERT INTO storage_usage_changes (workspace_id, user_id, bytes, pending_bytes)
  SELECT workspace_id, '00000000-0000-0000-0000-000000000000', sum(bytes), sum(pending_bytes) FROM c
  GROUP BY workspace_id HAVING sum(bytes) <> 0 OR sum(pending_bytes) <> 0
  UNION ALL
  SELECT workspace_id, user_id, sum(bytes), sum(pending_bytes) FROM c WHERE user_id IS NOT NULL
  GROUP BY workspace_id, user_id HAVING sum(bytes) <> 0 OR sum(pending_bytes) <> 0;
$$;

-- Keys of uploads deleted (or moved) while their policy (15 minutes) or PUT URL (1 hour) may still be valid:
-- the local store refuses to write them (model/uploads.ts isSealedKey), or a re-post would store
-- bytes no upload row counts and no sweep finds. A day after the upload was made, nothing can.
CREATE TABLE upload_tombstones (
  storage_key text PRIMARY KEY,
  sealed_until timestamptz NOT NULL
);
CREATE INDEX upload_tombstones_until_idx ON upload_tombstones (sealed_until);

CREATE FUNCTION pinmark_uploads_stored() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pinmark_record_storage(array_agg(workspace_id), array_agg(created_by_user_id), array_agg(filesize),
      array_agg(CASE WHEN completed_at IS NULL THEN filesize ELSE 0 END)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pinmark_record_storage(array_agg(workspace_id), array_agg(created_by_user_id), array_agg(-filesize),
      array_agg(CASE WHEN completed_at IS NULL THEN -filesize ELSE 0 END)) FROM old_rows;
    INSERT INTO upload_tombstones (storage_key, sealed_until)
    SELECT storage_key, created_at + interval '1 day' FROM old_rows WHERE created_at + interval '1 day' > now()
    ON CONFLICT (storage_key) DO UPDATE SET sealed_until = GREATEST(upload_tombstones.sealed_until, EXCLUDED.sealed_until);
    -- Tidying expired ones waits for no one (SKIP LOCKED): another writer's tidying must not become a lock to wait on.
    DELETE FROM upload_tombstones WHERE storage_key IN
      (SELECT storage_key FROM upload_tombstones WHERE sealed_until <= now() LIMIT 100 FOR UPDATE SKIP LOCKED);
  ELSE
    PERFORM pinmark_record_storage(array_agg(workspace_id), array_agg(created_by_user_id), array_agg(bytes), array_agg(pending_bytes))
    FROM (SELECT workspace_id, created_by_user_id, filesize AS bytes, CASE WHEN completed_at IS NULL THEN filesize ELSE 0 END AS pending_bytes FROM new_rows
          UNION ALL
          SELECT workspace_id, created_by_user_id, -filesize, CASE WHEN completed_at IS NULL THEN -filesize ELSE 0 END FROM old_rows) c;
    -- A re-issued screenshot policy moves its upload to a new key; the old policy still names the old one.
    INSERT INTO upload_tombstones (storage_key, sealed_until)
    SELECT o.storage_key, o.created_at + interval '1 day' FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.storage_key <> n.storage_key AND o.created_at + interval '1 day' > now()
    ON CONFLICT (storage_key) DO UPDATE SET sealed_until = GREATEST(upload_tombstones.sealed_until, EXCLUDED.sealed_until);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER uploads_stored_insert AFTER INSERT ON uploads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pinmark_uploads_stored();
CREATE TRIGGER uploads_stored_delete AFTER DELETE ON uploads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pinmark_uploads_stored();
CREATE TRIGGER uploads_stored_update AFTER UPDATE ON uploads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pinmark_uploads_stored();

-- What is stored already, as one change per workspace and uploader (folded on the first check).
SELECT pinmark_record_storage(array_agg(workspace_id), array_agg(created_by_user_id), array_agg(filesize),
  array_agg(CASE WHEN completed_at IS NULL THEN filesize ELSE 0 END)) FROM uploads;

-- Space promised to a streamed upload (POST /markups/file) while its bytes arrive: it has no
-- `uploads` row until it is stored, yet a second stream must not be granted the same space. A row
-- lives for the request; one left by a crashed process stops counting at `expires_at`.
CREATE TABLE storage_reservations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  bytes bigint NOT NULL CHECK (bytes > 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX storage_reservations_workspace_idx ON storage_reservations (workspace_id, expires_at);
