-- Pinmark schema, part 20: guest reporting (issue 18; docs/api-decisions.md, "Guest reporting").
-- An installation may let visitors report with a name and an e-mail address and nothing else. A guest
-- is an external user of the workspace (users.kind = 'external', external_id 'guest:<sha256 of the
-- browser key>'), so one browser keeps one guest; `guests` says which users are guests, of which
-- installation, under which address. Their exchange tokens have source 'guest' and reach only the
-- threads they started (server/routes/guest-guard.ts).

ALTER TABLE installations
  ADD COLUMN guest_reporting boolean NOT NULL DEFAULT false,
  -- New threads all guests of the installation may start per UTC day.
  ADD COLUMN guest_daily_thread_cap integer NOT NULL DEFAULT 50 CHECK (guest_daily_thread_cap BETWEEN 0 AND 100000);

ALTER TABLE exchange_tokens DROP CONSTRAINT exchange_tokens_source_check;
ALTER TABLE exchange_tokens ADD CONSTRAINT exchange_tokens_source_check CHECK (source IN ('customer_jwt', 'sdk', 'guest'));

CREATE TABLE guests (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
  -- Lower-cased; what a block names.
  email text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX guests_installation_idx ON guests (installation_id);

-- Addresses the team blocked: no guest with one of them signs in or posts in this workspace.
CREATE TABLE guest_blocks (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  blocked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  blocked_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, email)
);

-- One row: the key guest challenges are signed with, made once in the database so every process
-- of one PostgreSQL signs and checks alike (as mail_state's unsubscribe key).
CREATE TABLE guest_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  challenge_secret text NOT NULL
);

-- Challenges already spent: each solves one sign-in (kept until they expire, then swept).
CREATE TABLE guest_spent_challenges (
  challenge_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
