-- Pinmark schema, part 14: rate-limit counters (server/http/rate-limit.ts, docs/api-decisions.md,
-- "Rate limits"). One row per bucket — '<group>:a:<client address>' or '<group>:c:<credential>' —
-- and fixed window; every limited request bumps its rows with one INSERT … ON CONFLICT DO UPDATE,
-- so all server processes on one database share the counts. Credentials are stored as hashes or
-- ids, never as tokens. Windows that ended are deleted by the hourly sweep (expires_at).
--
-- UNLOGGED: counters are worth no WAL. A crash empties the table, which only forgives the current
-- window; replicas do not see it, and need not (they serve no writes).

CREATE UNLOGGED TABLE rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
