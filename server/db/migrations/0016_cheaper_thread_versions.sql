-- The write path (issue 15): the threads-version bump of 0012 — same rows, same locks, same order —
-- made cheap enough to run on every row a write touches.
--
-- As a LANGUAGE sql function holding an UPDATE it could not be inlined, so PostgreSQL parsed and
-- planned it again on every call: once per row a transaction touched, at commit. That was most of
-- the cost of creating a thread (about 6 ms on PGlite and 4 ms on PostgreSQL of a 10 ms
-- transaction). PL/pgSQL keeps its plans for the life of the connection.
--
-- A transaction bumps a markup once; every later row of the same transaction used to lock and test
-- the markup's row again only to find it bumped. The markups bumped so far are now remembered in a
-- transaction-local setting, which PostgreSQL itself discards at commit or rollback, and with a
-- rolled-back savepoint, exactly when the bump it remembers is undone.
CREATE OR REPLACE FUNCTION pinmark_bump_threads_version(markup_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('pinmark.threads_bumped', true), '');
  pending uuid[];
BEGIN
  SELECT array_agg(id) INTO pending FROM unnest(markup_ids) AS id
  WHERE id IS NOT NULL AND position(id::text IN bumped) = 0;
  IF pending IS NULL THEN
    RETURN;
  END IF;
  UPDATE markups SET threads_version = pg_current_xact_id()::text::bigint
  WHERE id IN (SELECT id FROM markups WHERE id = ANY(pending) ORDER BY id FOR NO KEY UPDATE)
    AND threads_version <> pg_current_xact_id()::text::bigint;
  PERFORM set_config('pinmark.threads_bumped', bumped || ',' || array_to_string(pending, ','), true);
END $$;
