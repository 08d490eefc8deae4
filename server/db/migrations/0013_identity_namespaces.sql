-- Identity namespaces (issue 13, hole 4). An API key's service user used to be the row with
-- external_id = 'api_key:<key id>': the column and unique key that a customer JWT's `sub` and the
-- external-users API write, so a customer token with that `sub` signed in as the service user, and
-- one registered first took the key's later writes over. Each kind of user now has its own key,
-- and only rows of that kind may hold it:
--   external: (workspace_id, external_id)          — customer JWT sub / external-users API
--   idp:      (workspace_id, idp_issuer, idp_subject) — identity-provider sign-in
--   service:  (workspace_id, api_key_id)             — the author standing for an API key
--   member:   none (found by id and membership)
-- api_key_id has no foreign key: a key's row only ever goes with its organization or workspace,
-- which takes the users with it, and a service user must stay the author of what the key wrote.

ALTER TABLE users ADD COLUMN api_key_id uuid;

-- Tokens a customer JWT obtained as a service user through the old collision stop working.
UPDATE exchange_tokens SET revoked_at = now()
WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE kind = 'service');

-- Service rows move to their own key. What such a sign-in may have written over (the name, an
-- address) is put back: a service user is named after its key and has no address.
UPDATE users SET
  api_key_id = substring(external_id FROM 9)::uuid,
  external_id = NULL,
  name = coalesce((SELECT k.name FROM api_keys k WHERE k.id = substring(users.external_id FROM 9)::uuid), users.name),
  email = NULL,
  email_verified = false
WHERE kind = 'service';

-- That update queued 0012's deferred users_version trigger (the name changed); run it now, as
-- PostgreSQL refuses ALTER TABLE on a table with pending trigger events, then defer it again.
SET CONSTRAINTS users_version IMMEDIATE;
SET CONSTRAINTS users_version DEFERRED;

ALTER TABLE users
  ADD CONSTRAINT users_external_id_only_external CHECK (external_id IS NULL OR kind = 'external'),
  ADD CONSTRAINT users_idp_only_idp CHECK ((idp_issuer IS NULL AND idp_subject IS NULL) OR kind = 'idp'),
  ADD CONSTRAINT users_api_key_iff_service CHECK ((api_key_id IS NOT NULL) = (kind = 'service')),
  ADD CONSTRAINT users_workspace_api_key_unique UNIQUE (workspace_id, api_key_id);
