-- Pinmark schema, part 21: integrations (issue 18; docs/api-decisions.md, "Integrations").
-- A workspace connects Slack, GitHub Issues, Linear or Jira (`integrations`, tokens sealed with
-- AES-256-GCM by server/integrations/crypto.ts). Triggers below queue one `integration_jobs` row per
-- enabled integration whenever a message is written or a thread is resolved or reopened, in the
-- statement's own transaction, whatever route made the change (one-statement writes included), so a
-- comment is never lost and never waits for a remote service. The worker
-- (server/integrations/worker.ts) claims due jobs with FOR UPDATE SKIP LOCKED and a lease, one job
-- at a time per integration and thread (in order), retries with backoff and gives up with a record.

-- One row: the demo's generated sealing key, used only while PINMARK_SECRET_KEY is unset outside
-- production (the key then lives beside the data it seals; the README says so).
CREATE TABLE integration_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  demo_key text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE integrations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('slack', 'github', 'linear', 'jira')),
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- What is not secret: the repository, Jira site and project, Linear team, base URLs.
  settings jsonb NOT NULL,
  -- The secrets (tokens, webhook URL, inbound signing secret) as one sealed JSON object.
  sealed_secrets text NOT NULL,
  -- The author of what comes back from the service (a thread resolved by closing its issue).
  service_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX integrations_workspace_idx ON integrations (workspace_id) WHERE deleted_at IS NULL;

-- A thread's issue in an integration's tracker.
CREATE TABLE integration_links (
  integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  thread_id uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  -- GitHub: the issue number; Linear: the issue id; Jira: the issue key.
  external_id text NOT NULL,
  external_key text,
  external_url text,
  -- The service's own time of the last inbound change applied (signed, in the payload): an older
  -- payload replayed under a new delivery id changes nothing.
  remote_updated_at timestamptz,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (integration_id, thread_id)
);
CREATE UNIQUE INDEX integration_links_external_idx ON integration_links (integration_id, external_id);

CREATE TABLE integration_jobs (
  id uuid PRIMARY KEY,
  -- Insertion order: a thread's jobs run in it.
  seq bigserial NOT NULL,
  integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  thread_id uuid,
  message_id uuid,
  kind text NOT NULL CHECK (kind IN ('thread_created', 'reply_created', 'thread_resolved', 'thread_unresolved', 'test')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- Pending: when due (again), or the end of a worker's lease.
  next_attempt_at timestamptz NOT NULL,
  lease_id uuid,
  last_error text,
  -- What the last attempt did, for the review app ("issue #12 created", "HTTP 502 …").
  outcome text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX integration_jobs_due_idx ON integration_jobs (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX integration_jobs_thread_idx ON integration_jobs (integration_id, thread_id, seq) WHERE status = 'pending';
CREATE INDEX integration_jobs_recent_idx ON integration_jobs (integration_id, created_at DESC);

-- Inbound webhook deliveries already applied (GitHub's X-GitHub-Delivery and the like): a replay is refused.
CREATE TABLE integration_inbound (
  integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  delivery_id text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (integration_id, delivery_id)
);

-- A change that came from an integration (its webhook resolved the thread) sets
-- `pinmark.integration_origin` to that integration's id for its transaction: it is not sent back there.
CREATE FUNCTION integration_origin() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('pinmark.integration_origin', true), '')
$$;

CREATE FUNCTION integration_message_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO integration_jobs (id, integration_id, thread_id, message_id, kind, next_attempt_at, created_at)
  SELECT gen_random_uuid(), i.id, NEW.thread_id, NEW.id, first.kind,
         -- A new thread waits a few seconds: the widget uploads its screenshot right after creating it.
         NEW.created_at + CASE WHEN first.kind = 'thread_created' THEN interval '5 seconds' ELSE interval '0' END,
         NEW.created_at
  FROM threads t JOIN markups m ON m.id = t.markup_id
  JOIN integrations i ON i.workspace_id = m.workspace_id AND i.enabled AND i.deleted_at IS NULL
  CROSS JOIN LATERAL (SELECT CASE WHEN EXISTS (SELECT 1 FROM messages p WHERE p.thread_id = NEW.thread_id AND p.seq < NEW.seq)
                                  THEN 'reply_created' ELSE 'thread_created' END AS kind) first
  WHERE t.id = NEW.thread_id AND i.id::text <> integration_origin();
  RETURN NULL;
END $$;
CREATE TRIGGER messages_integration_jobs AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION integration_message_created();

CREATE FUNCTION integration_thread_resolution() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO integration_jobs (id, integration_id, thread_id, kind, next_attempt_at, created_at)
  SELECT gen_random_uuid(), i.id, NEW.id, CASE WHEN NEW.resolved THEN 'thread_resolved' ELSE 'thread_unresolved' END,
         NEW.modified_at, NEW.modified_at
  FROM markups m JOIN integrations i ON i.workspace_id = m.workspace_id AND i.enabled AND i.deleted_at IS NULL
  WHERE m.id = NEW.markup_id AND i.id::text <> integration_origin();
  RETURN NULL;
END $$;
CREATE TRIGGER threads_integration_jobs AFTER UPDATE OF resolved ON threads
  FOR EACH ROW WHEN (NEW.resolved IS DISTINCT FROM OLD.resolved)
  EXECUTE FUNCTION integration_thread_resolution();
