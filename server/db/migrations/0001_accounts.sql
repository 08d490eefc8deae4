-- Pinmark schema, part 1: accounts and content — organizations, workspaces and their folders,
-- users and members, API keys, markups (with notes, reviews, assets) and uploads.
-- Ids are UUIDs generated in Node; every timestamp is timestamptz written by the server's clock.
-- Lists that must look the same through PGlite and pg are jsonb rather than Postgres arrays.

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);

CREATE TABLE workspaces (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text UNIQUE,
  -- Set in the same transaction that creates the two folders (deferred foreign keys below).
  root_folder_id uuid NOT NULL,
  archive_folder_id uuid NOT NULL,
  plan_pause_comments_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX workspaces_organization_idx ON workspaces (organization_id);

CREATE TABLE folders (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES folders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('root', 'archive', 'folder')),
  name text NOT NULL,
  fallback_name text,
  -- Where an archived folder came from, so restore can put it back (or at the root).
  archived_from_folder_id uuid,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX folders_parent_idx ON folders (parent_id);
CREATE INDEX folders_workspace_idx ON folders (workspace_id);

ALTER TABLE workspaces
  ADD CONSTRAINT workspaces_root_folder_fk FOREIGN KEY (root_folder_id) REFERENCES folders (id) DEFERRABLE INITIALLY DEFERRED,
  ADD CONSTRAINT workspaces_archive_folder_fk FOREIGN KEY (archive_folder_id) REFERENCES folders (id) DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE users (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- member: invited workspace user; external: customer-JWT / external-users API (external_id);
  -- idp: signed in through an identity provider (idp_issuer + idp_subject);
  -- service: the author standing for an API key (external_id = 'api_key:<id>').
  kind text NOT NULL CHECK (kind IN ('member', 'external', 'idp', 'service')),
  external_id text,
  idp_issuer text,
  idp_subject text,
  name text NOT NULL,
  email text,
  email_verified boolean NOT NULL DEFAULT false,
  avatar_url text,
  avatar_file_id uuid,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz,
  UNIQUE (workspace_id, external_id),
  UNIQUE (workspace_id, idp_issuer, idp_subject)
);
CREATE INDEX users_email_idx ON users (workspace_id, lower(email));

CREATE TABLE workspace_members (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'contributor', 'viewer')),
  invited_at timestamptz,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);

CREATE TABLE workspace_invitations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  message text,
  invited_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  accepted_at timestamptz,
  UNIQUE (workspace_id, email)
);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('workspace', 'organization')),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- SHA-256 of the whole key, hex. The key itself is shown once and never stored.
  token_hash text NOT NULL UNIQUE,
  -- First characters, to recognise a key in a list without revealing it.
  token_prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((kind = 'workspace') = (workspace_id IS NOT NULL))
);

CREATE TABLE markups (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  folder_id uuid NOT NULL REFERENCES folders (id),
  archived_from_folder_id uuid,
  type text NOT NULL CHECK (type IN ('webpage', 'image', 'pdf', 'video')),
  name text NOT NULL,
  url text,
  markup_url text NOT NULL,
  thumbnail_url text,
  status text NOT NULL DEFAULT 'editing',
  read_only boolean NOT NULL DEFAULT false,
  -- Last thread number handed out; incremented atomically, numbers are never reused.
  thread_counter integer NOT NULL DEFAULT 0,
  original_mime_type text,
  is_ready boolean NOT NULL DEFAULT true,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX markups_workspace_created_idx ON markups (workspace_id, created_at DESC, id);
CREATE INDEX markups_folder_idx ON markups (folder_id);

CREATE TABLE markup_notes (
  id uuid PRIMARY KEY,
  markup_id uuid NOT NULL UNIQUE REFERENCES markups (id) ON DELETE CASCADE,
  note text NOT NULL,
  show_note_on_project_open boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);

CREATE TABLE markup_reviews (
  id uuid PRIMARY KEY,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX markup_reviews_markup_idx ON markup_reviews (markup_id, created_at);

-- Images/pages of image and PDF markups, and the video of video markups (later issues).
CREATE TABLE markup_assets (
  id uuid PRIMARY KEY,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'page', 'video')),
  position integer NOT NULL,
  file_id uuid,
  url text,
  mime_type text,
  width integer,
  height integer,
  duration_ms integer,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX markup_assets_markup_idx ON markup_assets (markup_id, position);

-- Upload policies and completed uploads, for every UploadResourceType.
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('message_attachment', 'thread_screenshot', 'thread_snapshot',
    'markup_asset', 'user_avatar', 'external_user_avatar', 'workspace_icon')),
  resource_id text,
  storage_key text NOT NULL UNIQUE,
  filename text NOT NULL,
  content_type text NOT NULL,
  filesize bigint NOT NULL,
  etag text,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);
