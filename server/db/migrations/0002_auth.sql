-- Pinmark schema, part 2: embedded-client authentication — installations (customer JWT keys,
-- allowed origins), exchange tokens, SDK sign-in sessions and the server's own signing keys.

CREATE TABLE installations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  public_key text NOT NULL UNIQUE,
  -- jsonb array of exact origins (scheme://host:port) the SDK may run on.
  allowed_origins jsonb NOT NULL DEFAULT '[]',
  expected_aud text NOT NULL UNIQUE,
  expected_iss text NOT NULL,
  jwt_alg text NOT NULL CHECK (jwt_alg IN ('RS256', 'ES256', 'EdDSA')),
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX installations_workspace_idx ON installations (workspace_id);

CREATE TABLE exchange_tokens (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  installation_id uuid REFERENCES installations (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('customer_jwt', 'sdk')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX exchange_tokens_expires_idx ON exchange_tokens (expires_at);

CREATE TABLE sdk_sessions (
  id uuid PRIMARY KEY,
  state text NOT NULL UNIQUE,
  installation_id uuid NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  sdk_origin text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The SdkExchangeResponse to hand out once; cleared when read (it holds a live token).
  response jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX sdk_sessions_expires_idx ON sdk_sessions (expires_at);

-- Keys the server itself signs with (the built-in development identity provider).
CREATE TABLE server_keys (
  id text PRIMARY KEY,
  alg text NOT NULL,
  kid text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
