/**
 * Triage of a thread by the team (issue 16): its assignee (a member of the workspace), priority
 * and labels, and each person's "seen up to" mark (the spec's `userMetaData.lastSeenAt`). Each is
 * one statement; the threads-version triggers refresh every cached list that shows them.
 */
import type { SeenResponse, TriageResponse } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import { validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { TriageInput } from '../schemas/inbox.ts';

/** Labels as given, trimmed, without repeats that differ only in case (the first spelling wins). */
export function distinctLabels(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.filter((label) => {
    const key = label.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function requireMember(db: Db, workspaceId: string, userId: string): Promise<string> {
  const id = userId.toLowerCase();
  const member = isUuid(id)
    ? await queryOne(db, 'SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [workspaceId, id])
    : undefined;
  if (!member) {
    throw validationFailed('assigneeId must be a member of the thread’s workspace', [{ path: 'assigneeId', message: 'not a member' }]);
  }
  return id;
}

export async function updateTriage(
  db: Db,
  thread: { id: string; workspace_id: string },
  input: TriageInput,
  now: number,
): Promise<TriageResponse> {
  const assignee = input.assigneeId ? await requireMember(db, thread.workspace_id, input.assigneeId) : input.assigneeId;
  const row = await queryOne<{ assignee_user_id: string | null; priority: number | null; labels: string[]; modified_ms: number }>(
    db,
    `UPDATE threads SET
       assignee_user_id = CASE WHEN $2 THEN $3::uuid ELSE assignee_user_id END,
       priority = CASE WHEN $4 THEN $5::int ELSE priority END,
       labels = CASE WHEN $6 THEN ARRAY(SELECT jsonb_array_elements_text($7::jsonb)) ELSE labels END,
       modified_at = $8::timestamptz
     WHERE id = $1
     RETURNING assignee_user_id, priority, labels, floor(extract(epoch FROM modified_at) * 1000)::float8 AS modified_ms`,
    [
      thread.id,
      assignee !== undefined,
      assignee ?? null,
      input.priority !== undefined,
      input.priority ?? null,
      input.labels !== undefined,
      json(distinctLabels(input.labels ?? [])),
      isoAt(now),
    ],
  );
  if (!row) throw new Error(`thread ${thread.id} vanished`);
  return {
    threadId: thread.id,
    assigneeId: row.assignee_user_id,
    priority: row.priority,
    labels: row.labels,
    modifiedAt: Number(row.modified_ms),
  };
}

/** Marks the thread seen by this user now (never moves the mark back). */
export async function markSeen(db: Db, threadId: string, userId: string, now: number): Promise<SeenResponse> {
  const row = await queryOne<{ seen_ms: number }>(
    db,
    `INSERT INTO thread_reads (thread_id, user_id, last_seen_at) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (thread_id, user_id) DO UPDATE SET last_seen_at = GREATEST(thread_reads.last_seen_at, EXCLUDED.last_seen_at)
     RETURNING floor(extract(epoch FROM last_seen_at) * 1000)::float8 AS seen_ms`,
    [threadId, userId, isoAt(now)],
  );
  return { threadId, lastSeenAt: Number(row!.seen_ms) };
}
