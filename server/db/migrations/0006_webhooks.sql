-- Pinmark schema, part 6: webhook deliveries (docs/api-decisions.md, "Events and webhooks").
-- `webhook_registrations` (0003) is used as it is. The `webhook_deliveries` sketch of 0003 was never
-- written to; it is replaced by a durable outbox: an operation inserts one row per subscribed,
-- enabled registration in its own transaction, and delivery workers (any number of processes on one
-- PostgreSQL) claim due rows with FOR UPDATE SKIP LOCKED. A claim pushes `next_attempt_at` forward by
-- a lease, so the rows of a process that dies mid-delivery become due again when the lease runs out.

DROP TABLE webhook_deliveries;

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  -- The event: one per operation, shared by its deliveries to every registration. It is the
  -- `webhook-id` header and the payload's `id`, the same on every attempt, so receivers can dedupe.
  event_id uuid NOT NULL,
  registration_id uuid NOT NULL REFERENCES webhook_registrations (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  -- The exact JSON body sent on every attempt (text, not jsonb: jsonb would reorder its keys).
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  -- Attempts started so far (incremented when a worker claims the row).
  attempts integer NOT NULL DEFAULT 0,
  -- Pending: when the row is due. While a worker holds it: the end of its lease.
  next_attempt_at timestamptz NOT NULL,
  -- The claim of the worker currently sending; only it may record a failed attempt.
  lease_id uuid,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  -- Delivered, failed or cancelled.
  finished_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (registration_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (finished_at) WHERE status <> 'pending';

CREATE INDEX webhook_registrations_active_idx ON webhook_registrations (workspace_id) WHERE deleted_at IS NULL;
