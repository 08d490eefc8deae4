-- Pinmark schema, part 5: idempotency keys (docs/api-decisions.md, "Idempotency keys"). One row per
-- caller and key. The row is also the lock: the first request inserts it (the primary key makes a
-- second insert a no-op, across any number of server processes), runs, then stores its response.
-- While `status` is null the request is in progress; `locked_until` is a lease its process renews,
-- so a key whose process died can be taken over by a retry once the lease ran out.

CREATE TABLE idempotency_keys (
  -- The caller's principal: 'api_key:<key id>' or 'exchange:<user id>:<markup id>'.
  scope text NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  method text NOT NULL,
  -- Path and query string of the first request.
  path text NOT NULL,
  -- SHA-256 (hex) of the first request's raw body.
  body_sha256 text NOT NULL,
  -- In progress: the owning request's lock id and lease. Both null once the response is stored.
  lock_id uuid,
  locked_until timestamptz,
  -- The stored response (null while in progress).
  status integer,
  response_headers jsonb,
  response_body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
