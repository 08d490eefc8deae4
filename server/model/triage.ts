/**
 * Triage of a thread by the team (issue 16): its assignee (a member of the workspace), priority
 * and labels, each person's "seen up to" mark (the spec's `userMetaData.lastSeenAt`), and moving a
 * thread to another markup of the workspace. Each is one statement; the threads-version triggers
 * refresh every cached list that shows them (both markups' for a move).
 */
import type { MoveThreadResponse, SeenResponse, TriageResponse } from '../../src/api/wire.ts';
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

/** `actorUserId`: the member who triages (null for an API key), kept as who assigned the thread. */
export async function updateTriage(
  db: Db,
  thread: { id: string; workspace_id: string },
  input: TriageInput,
  now: number,
  actorUserId: string | null = null,
): Promise<TriageResponse> {
  const assignee = input.assigneeId ? await requireMember(db, thread.workspace_id, input.assigneeId) : input.assigneeId;
  const row = await queryOne<{ assignee_user_id: string | null; priority: number | null; labels: string[]; modified_ms: number }>(
    db,
    `UPDATE threads SET
       assignee_user_id = CASE WHEN $2 THEN $3::uuid ELSE assignee_user_id END,
       assigned_by_user_id = CASE WHEN $2 THEN $9::uuid ELSE assigned_by_user_id END,
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
      actorUserId,
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

/**
 * Moves a webpage thread to another live webpage markup of its workspace, numbered from that
 * markup's counter (numbers count per markup); its pin, messages, files and triage go with it.
 * Moving to the markup it is on changes nothing. The activity log keeps where things happened.
 */
export async function moveThread(
  db: Db,
  thread: { id: string; markup_id: string; workspace_id: string },
  markupId: string,
  now: number,
): Promise<MoveThreadResponse> {
  const refuse = (message: string) => validationFailed(`markupId: ${message}`, [{ path: 'markupId', message }]);
  const kind = await queryOne<{ type: string }>(db, 'SELECT type FROM threads WHERE id = $1', [thread.id]);
  if (kind?.type !== 'webpage') throw refuse('only webpage threads can move: an image or PDF thread is pinned to its file');
  const target = markupId.toLowerCase();
  const markup = isUuid(target)
    ? await queryOne<{ id: string; type: string; status: string }>(
        db,
        'SELECT id, type, status FROM markups WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [target, thread.workspace_id],
      )
    : undefined;
  if (!markup) throw refuse('no such markup in this workspace');
  if (markup.type !== 'webpage') throw refuse('is not a webpage markup');
  if (markup.status === 'archived') throw refuse('is archived: restore it first');
  const row = await queryOne<{ markup_id: string; number: number; modified_ms: number }>(
    db,
    markup.id === thread.markup_id
      ? `SELECT markup_id, number, floor(extract(epoch FROM modified_at) * 1000)::float8 AS modified_ms FROM threads WHERE id = $1`
      : `WITH counter AS (
           UPDATE markups SET thread_counter = thread_counter + 1 WHERE id = $2 AND deleted_at IS NULL RETURNING thread_counter
         )
         UPDATE threads SET markup_id = $2, number = counter.thread_counter, modified_at = $3::timestamptz
         FROM counter WHERE threads.id = $1
         RETURNING threads.markup_id, threads.number, floor(extract(epoch FROM threads.modified_at) * 1000)::float8 AS modified_ms`,
    markup.id === thread.markup_id ? [thread.id] : [thread.id, markup.id, isoAt(now)],
  );
  if (!row) throw refuse('no such markup in this workspace');
  return { threadId: thread.id, projectId: row.markup_id, number: row.number, modifiedAt: Number(row.modified_ms) };
}
