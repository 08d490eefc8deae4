-- Product metrics (docs/api-decisions.md, "Product metrics"): an append-only log of what people did,
-- written in the same transaction as the operation. The live tables cannot answer "how many
-- threads were resolved last week": a thread keeps only its current state, a reopen erases
-- resolved_at, and deleting a thread deletes its messages. So the log has no foreign key to
-- threads: history outlives what it describes.
-- 0003 created a placeholder of this name that no code ever wrote to; it is replaced by the real one.
DROP TABLE IF EXISTS activity_events;
CREATE TABLE activity_events (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  markup_id uuid NOT NULL REFERENCES markups (id) ON DELETE CASCADE,
  thread_id uuid NOT NULL,
  -- NULL once the user row is gone; the action still counts for the workspace and the markup.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('thread_created', 'reply_created', 'thread_resolved', 'thread_unresolved')),
  occurred_at timestamptz NOT NULL
);
CREATE INDEX activity_events_workspace_idx ON activity_events (workspace_id, occurred_at);
CREATE INDEX activity_events_markup_idx ON activity_events (markup_id, occurred_at);
CREATE INDEX markups_workspace_created_at_idx ON markups (workspace_id, created_at);

-- Backfill from what the live tables still know: every stored message (the first of a thread is
-- the thread's creation) and the current resolution of resolved threads.
INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
SELECT mk.workspace_id, t.markup_id, t.id, m.author_user_id,
       CASE WHEN m.seq = f.seq THEN 'thread_created' ELSE 'reply_created' END, m.created_at
FROM messages m
JOIN threads t ON t.id = m.thread_id
JOIN markups mk ON mk.id = t.markup_id
JOIN (SELECT thread_id, min(seq) AS seq FROM messages GROUP BY thread_id) f ON f.thread_id = m.thread_id
ORDER BY m.seq;

INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
SELECT mk.workspace_id, t.markup_id, t.id, t.resolved_by_user_id, 'thread_resolved', t.resolved_at
FROM threads t JOIN markups mk ON mk.id = t.markup_id
WHERE t.resolved AND t.resolved_at IS NOT NULL;
