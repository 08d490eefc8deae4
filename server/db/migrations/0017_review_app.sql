-- The review app (issue 16): members' sign-in sessions, the triage fields of a thread (assignee and
-- labels; priority is the spec's own), and what the workspace-wide inbox sorts, filters and searches by.

-- A member signed in to /app. Only the token's SHA-256 is kept; the role is read from
-- workspace_members on every request, so a removed member is signed out at once.
CREATE TABLE member_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX member_sessions_user_idx ON member_sessions (user_id);

ALTER TABLE threads
  ADD COLUMN assignee_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN labels text[] NOT NULL DEFAULT '{}';

-- The inbox: newest activity first across every markup of a workspace (joined through markups).
CREATE INDEX threads_activity_idx ON threads (last_activity_at DESC, id DESC);
CREATE INDEX threads_assignee_idx ON threads (assignee_user_id) WHERE assignee_user_id IS NOT NULL;
-- Full-text search over messages: words of any language, no stemming ('simple'), prefix matches.
CREATE INDEX messages_search_idx ON messages USING gin (to_tsvector('simple', plain_text));
