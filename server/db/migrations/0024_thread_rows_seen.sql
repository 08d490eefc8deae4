-- The write path (issue 15), once more: a new thread's own rows (elements, parents, first message)
-- each ran the thread-row version trigger at commit, each looking up the thread's markup and
-- calling the bump, only to find the markup bumped already by the thread's own trigger — three
-- lookups and three calls per new thread, most of what is left of the bump's cost on PGlite.
--
-- The threads trigger now also remembers, in a transaction-local setting like 0016's, the threads
-- whose row it handled (their markup is bumped), and a child row of such a thread returns at once.
-- Deferred triggers run in the order the rows changed, so a child row changed before its thread
-- finds nothing remembered and does the lookup as before: the answer is the same either way. The
-- setting goes with the transaction (and with a rolled-back savepoint), exactly as the bump does.

CREATE OR REPLACE FUNCTION pinmark_markup_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seen text := coalesce(current_setting('pinmark.threads_seen', true), '');
BEGIN
  PERFORM pinmark_bump_threads_version(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.markup_id ELSE NEW.markup_id END]);
  IF TG_OP = 'UPDATE' AND OLD.markup_id IS DISTINCT FROM NEW.markup_id THEN
    PERFORM pinmark_bump_threads_version(ARRAY[OLD.markup_id]);
  END IF;
  -- At most ~100 threads: a bulk change of thousands would otherwise copy and search an ever longer
  -- string per row; past that their rows simply do the lookup.
  IF TG_OP <> 'DELETE' AND length(seen) < 4000 THEN
    PERFORM set_config('pinmark.threads_seen', seen || ',' || NEW.id::text, true);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION pinmark_thread_row_changed() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  new_markup uuid;
  old_markup uuid;
BEGIN
  -- A row of a thread whose own row this transaction has handled: its markup is bumped.
  IF TG_OP = 'INSERT' AND position(NEW.thread_id::text IN coalesce(current_setting('pinmark.threads_seen', true), '')) > 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT t.markup_id INTO new_markup FROM threads t WHERE t.id = NEW.thread_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.thread_id IS DISTINCT FROM NEW.thread_id) THEN
    SELECT t.markup_id INTO old_markup FROM threads t WHERE t.id = OLD.thread_id;
  END IF;
  PERFORM pinmark_bump_threads_version(ARRAY[new_markup, old_markup]);
  RETURN NULL;
END $$;
