-- Pinmark schema, part 10: converting file markups (docs/api-decisions.md, "File markups and
-- conversion"), and the workspace icon. A markup created with is_ready = false gets one
-- `markup_conversions` row (written by POST /markups/objectstore, or by the conversion worker when
-- it finds a not-ready markup without one). Workers on any number of processes claim due rows with
-- FOR UPDATE SKIP LOCKED and a lease, exactly like webhook deliveries (0006).

CREATE TABLE markup_conversions (
  markup_id uuid PRIMARY KEY REFERENCES markups (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  -- Conversion attempts started (waiting for an upload that has not arrived yet is not one).
  attempts integer NOT NULL DEFAULT 0,
  -- Pending: when the row is due. While a worker holds it: the end of its lease.
  next_attempt_at timestamptz NOT NULL,
  lease_id uuid,
  -- Uploads straight to the store (POST /markups/objectstore): how long to wait for the object.
  wait_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX markup_conversions_due_idx ON markup_conversions (next_attempt_at) WHERE status = 'pending';

-- The worker's search for not-ready markups without a conversion row stays an index scan.
CREATE INDEX markups_not_ready_idx ON markups (created_at) WHERE NOT is_ready AND deleted_at IS NULL;

-- The workspace's icon: a completed workspace_icon upload (GET /workspace shows it as iconUrl).
ALTER TABLE workspaces ADD COLUMN icon_file_id uuid;
