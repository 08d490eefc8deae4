-- Pinmark schema, part 3: feedback — threads with their pins (elements, parents), screenshots,
-- messages with attachments and clips, read markers, webhooks and the activity log for metrics.

CREATE TABLE threads (
  id uuid PRIMARY KEY,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  number integer NOT NULL,
  type text NOT NULL CHECK (type IN ('webpage', 'image', 'pdf')),
  author_user_id uuid NOT NULL REFERENCES users (id),
  resolved boolean NOT NULL DEFAULT false,
  resolved_at timestamptz,
  resolved_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Webpage threads
  url text,
  proxy_url text,
  canonical_url text,
  view_mode_id text,
  browser_context jsonb,
  -- Page-level fallback position (create: offset*Percentage; move-pin: viewport*Percentage).
  offset_x_percentage double precision,
  offset_y_percentage double precision,
  -- Image / PDF / video threads
  markup_asset_id uuid REFERENCES markup_assets (id) ON DELETE CASCADE,
  start_time double precision,
  end_time double precision,
  page_number integer,
  text_highlight jsonb,
  width double precision,
  height double precision,
  annotations jsonb,
  priority integer,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  last_activity_at timestamptz NOT NULL,
  UNIQUE (markup_id, number)
);
CREATE INDEX threads_markup_canonical_idx ON threads (markup_id, canonical_url);
CREATE INDEX threads_markup_activity_idx ON threads (markup_id, last_activity_at DESC);

CREATE TABLE thread_elements (
  id uuid PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  position integer NOT NULL,
  path text NOT NULL,
  offset_x_percentage double precision NOT NULL,
  offset_y_percentage double precision NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX thread_elements_thread_idx ON thread_elements (thread_id, position);

CREATE TABLE thread_parents (
  id uuid PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  position integer NOT NULL,
  path text NOT NULL,
  url text NOT NULL,
  proxy_url text NOT NULL,
  canonical_url text NOT NULL,
  depth integer NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX thread_parents_thread_idx ON thread_parents (thread_id, position);

CREATE TABLE thread_screenshots (
  id uuid PRIMARY KEY,
  thread_id uuid NOT NULL UNIQUE REFERENCES threads (id) ON DELETE CASCADE,
  upload_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  storage_key text NOT NULL,
  etag text NOT NULL,
  mime_type text NOT NULL,
  original_filename text,
  width integer NOT NULL,
  height integer NOT NULL,
  filesize bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('extension', 'native', 'static')),
  is_processing boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);

CREATE TABLE messages (
  id uuid PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  -- Insertion order; timestamps can tie (and do under a frozen test clock).
  seq bigserial NOT NULL,
  author_user_id uuid NOT NULL REFERENCES users (id),
  delta jsonb NOT NULL,
  plain_text text NOT NULL,
  mention_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX messages_thread_idx ON messages (thread_id, seq);

CREATE TABLE message_attachments (
  id uuid PRIMARY KEY,
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  upload_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  url text NOT NULL,
  etag text NOT NULL,
  mime_type text NOT NULL,
  original_filename text NOT NULL,
  filesize bigint NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX message_attachments_message_idx ON message_attachments (message_id);

CREATE TABLE message_clip_videos (
  id uuid PRIMARY KEY,
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  title text NOT NULL,
  shared_url text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);

-- userMetaData.lastSeenAt per user and thread.
CREATE TABLE thread_reads (
  thread_id uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (thread_id, user_id)
);

CREATE TABLE webhook_registrations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url text NOT NULL,
  event_types jsonb NOT NULL DEFAULT '[]',
  enabled boolean NOT NULL,
  signing_key text NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX webhook_registrations_workspace_idx ON webhook_registrations (workspace_id);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  registration_id uuid NOT NULL REFERENCES webhook_registrations (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL;

-- Activity log feeding product metrics (later issue).
CREATE TABLE activity_events (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  markup_id uuid,
  user_id uuid,
  kind text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX activity_events_workspace_idx ON activity_events (workspace_id, created_at);
