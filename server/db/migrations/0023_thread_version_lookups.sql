-- The thread-list version triggers (0012) find a child row's markup through its thread. They did it
-- with `t.id IN (CASE WHEN TG_OP … END, …)`, and PL/pgSQL keeps the plan a pooled connection made
-- early, while `threads` was small: a sequential scan, kept for as long as the connection lived.
-- Every new thread and reply then read the whole table three times at commit, holding the markup's
-- row lock (measured with auto_explain on the write-path bench: 1.1 ms per lookup at 2,800 threads,
-- and growing with the table; POST /threads on PostgreSQL was capped near 400 req/s by it).
--
-- Now each lookup is one primary-key equality per side, and the functions plan with sequential scans
-- off, so no estimate made on a small table can choose a scan of a large one later.

CREATE OR REPLACE FUNCTION pinmark_thread_row_changed() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  new_markup uuid;
  old_markup uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT t.markup_id INTO new_markup FROM threads t WHERE t.id = NEW.thread_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.thread_id IS DISTINCT FROM NEW.thread_id) THEN
    SELECT t.markup_id INTO old_markup FROM threads t WHERE t.id = OLD.thread_id;
  END IF;
  PERFORM pinmark_bump_threads_version(ARRAY[new_markup, old_markup]);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION pinmark_message_row_changed() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  new_markup uuid;
  old_markup uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT t.markup_id INTO new_markup FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.id = NEW.message_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.message_id IS DISTINCT FROM NEW.message_id) THEN
    SELECT t.markup_id INTO old_markup FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.id = OLD.message_id;
  END IF;
  PERFORM pinmark_bump_threads_version(ARRAY[new_markup, old_markup]);
  RETURN NULL;
END $$;
