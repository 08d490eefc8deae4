-- Who assigned a thread last (PATCH /threads/:id/triage; NULL for an API key), written by the same
-- UPDATE that sets the assignee, so the assignment's mail event (0019's trigger) can say who acted:
-- a member who takes a thread themselves is not mailed that it was assigned to them.
ALTER TABLE threads ADD COLUMN assigned_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL;

CREATE OR REPLACE FUNCTION mail_thread_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM mail_state WHERE enabled) THEN
    INSERT INTO mail_events (id, workspace_id, event_type, payload, occurred_at)
    SELECT gen_random_uuid(), m.workspace_id, 'thread_assigned',
           jsonb_build_object('threadId', NEW.id, 'assigneeId', NEW.assignee_user_id, 'assignedById', NEW.assigned_by_user_id),
           NEW.modified_at
    FROM markups m WHERE m.id = NEW.markup_id;
  END IF;
  RETURN NULL;
END $$;
