-- Pinmark schema, part 12: a content version per markup for the thread-list response cache
-- (server/model/thread-cache.ts). Every committed change to anything a ThreadResponse shows sets
-- `markups.threads_version` to a value it never held before, in the same transaction, so a cached
-- page keyed by the version can never outlive the data it was built from. Triggers (rather than
-- calls in each write path) also cover write paths added later.
--
-- The new value is the writing transaction's id: unique per transaction, so it never returns to an
-- earlier value (a reader comparing two reads cannot be fooled), and the second row a transaction
-- touches finds the markup already bumped and writes nothing.
--
-- The bumps are deferred constraint triggers, run at commit: taking the markup's row lock at the
-- end keeps lock order "thread rows, then markup" for every writer. An immediate bump would let a
-- reply (markup locked by its message insert, then updating the thread) and a resolve (thread
-- locked, then bumping the markup) deadlock.

ALTER TABLE markups ADD COLUMN threads_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION pinmark_bump_threads_version(markup_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE markups SET threads_version = pg_current_xact_id()::text::bigint
  WHERE id IN (SELECT id FROM markups WHERE id = ANY(markup_ids) ORDER BY id FOR NO KEY UPDATE)
    AND threads_version <> pg_current_xact_id()::text::bigint;
$$;

-- Rows that name their markup, thread or message; a row whose thread or message is already gone
-- was deleted along with it, and that deletion bumps the markup itself.
CREATE FUNCTION pinmark_markup_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pinmark_bump_threads_version(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.markup_id ELSE NEW.markup_id END]);
  IF TG_OP = 'UPDATE' AND OLD.markup_id IS DISTINCT FROM NEW.markup_id THEN
    PERFORM pinmark_bump_threads_version(ARRAY[OLD.markup_id]);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION pinmark_thread_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pinmark_bump_threads_version(ARRAY(
    SELECT t.markup_id FROM threads t
    WHERE t.id IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.thread_id END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.thread_id END)));
  RETURN NULL;
END $$;

CREATE FUNCTION pinmark_message_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pinmark_bump_threads_version(ARRAY(
    SELECT t.markup_id FROM messages m JOIN threads t ON t.id = m.thread_id
    WHERE m.id IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.message_id END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.message_id END)));
  RETURN NULL;
END $$;

-- Authors are shown on every thread and message of their workspace's markups (name, avatar,
-- e-mail, guest flag, timestamps).
CREATE FUNCTION pinmark_workspace_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pinmark_bump_threads_version(ARRAY(
    SELECT m.id FROM markups m
    WHERE m.workspace_id IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.workspace_id END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.workspace_id END)));
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER threads_version AFTER INSERT OR UPDATE OR DELETE ON threads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_markup_row_changed();
CREATE CONSTRAINT TRIGGER thread_elements_version AFTER INSERT OR UPDATE OR DELETE ON thread_elements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_thread_row_changed();
CREATE CONSTRAINT TRIGGER thread_parents_version AFTER INSERT OR UPDATE OR DELETE ON thread_parents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_thread_row_changed();
CREATE CONSTRAINT TRIGGER thread_screenshots_version AFTER INSERT OR UPDATE OR DELETE ON thread_screenshots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_thread_row_changed();
CREATE CONSTRAINT TRIGGER messages_version AFTER INSERT OR UPDATE OR DELETE ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_thread_row_changed();
CREATE CONSTRAINT TRIGGER thread_reads_version AFTER INSERT OR UPDATE OR DELETE ON thread_reads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_thread_row_changed();
CREATE CONSTRAINT TRIGGER message_attachments_version AFTER INSERT OR UPDATE OR DELETE ON message_attachments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_message_row_changed();
CREATE CONSTRAINT TRIGGER message_clip_videos_version AFTER INSERT OR UPDATE OR DELETE ON message_clip_videos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_message_row_changed();
CREATE CONSTRAINT TRIGGER users_version AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.workspace_id, OLD.kind, OLD.name, OLD.email, OLD.avatar_url, OLD.created_at, OLD.modified_at)
        IS DISTINCT FROM (NEW.workspace_id, NEW.kind, NEW.name, NEW.email, NEW.avatar_url, NEW.created_at, NEW.modified_at))
  EXECUTE FUNCTION pinmark_workspace_row_changed();
-- Membership decides an author's `guest` flag.
CREATE CONSTRAINT TRIGGER workspace_members_version AFTER INSERT OR UPDATE OR DELETE ON workspace_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pinmark_workspace_row_changed();

-- A markup's read-only flag decides the `reply` scope of its threads.
CREATE FUNCTION pinmark_markup_read_only_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.threads_version := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;
CREATE TRIGGER markups_read_only_version BEFORE UPDATE OF read_only ON markups
  FOR EACH ROW WHEN (OLD.read_only IS DISTINCT FROM NEW.read_only) EXECUTE FUNCTION pinmark_markup_read_only_changed();
