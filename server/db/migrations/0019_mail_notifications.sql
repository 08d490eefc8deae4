-- Pinmark schema, part 19: e-mail notifications (docs/api-decisions.md, "E-mail notifications").
-- The events operations record (server/events/record.ts) also land in `mail_events` while mail is on
-- (`mail_state.enabled`, set by each server at start), in the operation's own transaction. The mail
-- fan-out (server/mail/fanout.ts) turns each event row into per-recipient `mail_jobs`, merging events
-- of one thread for one recipient into the job still open for them (batching), and the sender
-- (server/mail/sender.ts) claims due jobs with FOR UPDATE SKIP LOCKED and a lease, like webhooks.

-- One row: is mail on (SMTP_URL set, or the demo keeping mails), and the key that signs unsubscribe
-- links (generated once in the database, so every server process signs and checks alike).
CREATE TABLE mail_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  enabled boolean NOT NULL,
  unsubscribe_secret text NOT NULL,
  modified_at timestamptz NOT NULL
);

CREATE TABLE mail_events (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- comment_created, comment_reply_created, comment_resolved, comment_unresolved, or thread_assigned.
  event_type text NOT NULL,
  -- The webhook event's `data` (WebhookCommentData), or {threadId, assigneeId} for thread_assigned.
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- Set by the fan-out in the transaction that wrote the event's jobs: each event fans out once.
  fanned_out_at timestamptz
);
CREATE INDEX mail_events_pending_idx ON mail_events (occurred_at, id) WHERE fanned_out_at IS NULL;

-- What each member wants mailed; no row means the defaults (everything but other people's threads).
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  mentions boolean NOT NULL,
  assigned boolean NOT NULL,
  participating boolean NOT NULL,
  all_threads boolean NOT NULL,
  modified_at timestamptz NOT NULL
);

CREATE TABLE mail_jobs (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  thread_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- open: still taking events of its thread until sent; pending: claimed at least once, closed to
  -- new events; sent (over SMTP) or kept (no SMTP_URL in the demo: shown by GET /mail); failed.
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'sent', 'kept', 'failed', 'cancelled')),
  -- The events in order: [{type, occurredAt, reasons, data}].
  items jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- Open: the end of the batching window. Pending: when due again, or the end of a worker's lease.
  next_attempt_at timestamptz NOT NULL,
  lease_id uuid,
  last_error text,
  -- What was sent or kept (rendered once, at sending).
  recipient text,
  subject text,
  text_body text,
  html_body text,
  message_id text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- At most one open job per thread and recipient: the fan-out's INSERT … ON CONFLICT merges into it.
CREATE UNIQUE INDEX mail_jobs_open_idx ON mail_jobs (thread_id, user_id) WHERE status = 'open';
CREATE INDEX mail_jobs_due_idx ON mail_jobs (next_attempt_at, id) WHERE status IN ('open', 'pending');
CREATE INDEX mail_jobs_kept_idx ON mail_jobs (workspace_id, finished_at DESC) WHERE status = 'kept';

-- Assignments (PATCH /threads/:id/triage) record no webhook event; this trigger writes the mail event
-- in the same statement's transaction, while mail is on. Who assigned is not known here.
CREATE FUNCTION mail_thread_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM mail_state WHERE enabled) THEN
    INSERT INTO mail_events (id, workspace_id, event_type, payload, occurred_at)
    SELECT gen_random_uuid(), m.workspace_id, 'thread_assigned',
           jsonb_build_object('threadId', NEW.id, 'assigneeId', NEW.assignee_user_id), NEW.modified_at
    FROM markups m WHERE m.id = NEW.markup_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER threads_mail_assigned AFTER UPDATE OF assignee_user_id ON threads
  FOR EACH ROW WHEN (NEW.assignee_user_id IS NOT NULL AND NEW.assignee_user_id IS DISTINCT FROM OLD.assignee_user_id)
  EXECUTE FUNCTION mail_thread_assigned();
