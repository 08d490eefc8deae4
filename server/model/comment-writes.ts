/**
 * New threads and replies: the API's hottest writes (issue 15). Each is one statement — the rows,
 * the activity log entry and the markup's or thread's update together — so it commits alone,
 * without a transaction's BEGIN and COMMIT round trips or a pooled connection held across them.
 *
 * The statement also tests that no webhook subscribes to the event it causes. When one does (or
 * the write was refused for another reason), nothing was written, and the write runs again inside
 * a transaction that also records the event (model/events.ts), exactly as every other announced
 * write does: an event exists exactly when its change committed, either way.
 */
import { isoAt, parameterList, type Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { forbidden, notFound } from '../domain/errors.ts';
import type { Caller } from '../domain/viewer.ts';
import { mailEventCte, unsubscribedCondition, type Unsubscribed } from '../events/record.ts';
import { actingUserId } from './access.ts';
import { recordCommentEvent } from './events.ts';
import { messageCtes, type MessageBody, type MessageRow } from './messages.ts';
import { createThread, type NewThread } from './thread-writes.ts';
import type { WrittenThread } from './threads.ts';
import { USER_JSON, userFromJson } from './thread-children.ts';
import { authorCte, writeAuthorOf, type UserRow, type WriteAuthor } from './users.ts';

export interface NewReply {
  threadId: string;
  author: WriteAuthor;
  body: MessageBody;
  fileIds: string[];
  now: number;
  /** Whose read mark of the thread the response shows (null: an API key's, none). */
  viewerUserId: string | null;
  unlessSubscribed?: Unsubscribed;
  /**
   * Write only to a thread this caller may reply to: its markup live, not read-only, in this
   * workspace (and, for an exchange token, the token's markup), in a live workspace — the checks
   * threadForCaller and the route make before a write, in the statement itself.
   */
  reachableIn?: { workspaceId: string; markupId?: string };
}

/** The conditions of NewReply.reachableIn, on the row `t` of `threads` the statement updates. */
function replyReachableCondition(reachable: NewReply['reachableIn'], add: (value: unknown) => string): string {
  if (!reachable) return '';
  return `AND EXISTS (SELECT 1 FROM markups m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.id = t.markup_id AND m.deleted_at IS NULL AND w.deleted_at IS NULL AND NOT m.read_only
        AND m.workspace_id = ${add(reachable.workspaceId)}::uuid)
    ${reachable.markupId === undefined ? '' : `AND t.markup_id = ${add(reachable.markupId)}::uuid`}`;
}

/** A reply just written, with what its response shows besides: the author (unless the statement created or renamed them) and the viewer's read mark. */
export interface WrittenReply {
  row: MessageRow;
  author: UserRow | undefined;
  lastSeenAt: number | null;
}

/**
 * Adds the message (with its attachments), moves the thread's last activity and logs
 * `reply_created`, in one statement; returns what it wrote, or undefined when the thread is gone
 * or someone subscribed to `unlessSubscribed`. Updating the thread first takes its row lock first,
 * the order every writer keeps (thread rows, then the markup's version at commit).
 */
export async function createReply(db: Db, reply: NewReply): Promise<WrittenReply | undefined> {
  const { values, add } = parameterList();
  const at = `${add(isoAt(reply.now))}::timestamptz`;
  const sql = `WITH target AS (
      UPDATE threads t SET last_activity_at = ${at} WHERE t.id = ${add(reply.threadId)} ${replyReachableCondition(reply.reachableIn, add)}
        ${unsubscribedCondition(reply.unlessSubscribed, add, true)}
      RETURNING t.id, t.markup_id, (SELECT workspace_id FROM markups WHERE markups.id = t.markup_id) AS workspace_id
    ), ${authorCte(reply.author, 'target', add, at)},
    ${messageCtes({ threadCte: 'target', body: reply.body, fileIds: reply.fileIds, add, at })},
    activity AS (
      INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
      SELECT target.workspace_id, target.markup_id, target.id, author.id, 'reply_created', ${at} FROM target, author
    )${mailEventCte(reply.unlessSubscribed, { workspace: 'target.workspace_id', thread: 'target.id', message: 'message.id', from: 'target, message', at }, add)}
    SELECT message.*, ${'userId' in reply.author ? `(SELECT ${USER_JSON} FROM users u WHERE u.id IN (SELECT id FROM author))` : 'NULL::text'} AS author_json,
      (SELECT floor(extract(epoch from r.last_seen_at) * 1000)::float8 FROM thread_reads r
       WHERE r.thread_id = target.id AND r.user_id = ${add(reply.viewerUserId)}::uuid) AS viewer_last_seen_at
    FROM message, target`;
  const written = (
    await db.query<MessageRow & { author_json: string | null; viewer_last_seen_at: number | null }>(sql, values, { prepare: true })
  )[0];
  if (!written) return undefined;
  const { author_json: authorJson, viewer_last_seen_at: lastSeenAt, ...row } = written;
  return { row, author: authorJson === null ? undefined : userFromJson(authorJson), lastSeenAt };
}

/** A new thread, announced as `comment_created`; 403 when its markup is read-only. */
export async function createAnnouncedThread(
  db: Db,
  caller: Caller,
  clock: Clock,
  thread: Omit<NewThread, 'author' | 'unlessSubscribed'> & { workspaceId: string },
): Promise<WrittenThread> {
  const type = 'comment_created';
  const written = await createThread(db, {
    ...thread,
    author: writeAuthorOf(caller),
    unlessSubscribed: { workspaceId: thread.workspaceId, type },
  });
  if (written) return written;
  return db.transaction(async (tx) => {
    const authorUserId = await actingUserId(tx, caller, thread.workspaceId, clock);
    const written = await createThread(tx, { ...thread, author: { userId: authorUserId } });
    if (!written) throw forbidden('New comments are paused on this markup (it is read-only)');
    const threadId = written.row.id;
    await recordCommentEvent(tx, {
      type,
      workspaceId: thread.workspaceId,
      occurredAt: thread.now,
      threadId,
      messageId: 'first',
      actorUserId: authorUserId,
    });
    return written;
  });
}

/** A reply, announced as `comment_reply_created`; 404 when the thread is gone meanwhile. */
export async function createAnnouncedReply(
  db: Db,
  caller: Caller,
  clock: Clock,
  reply: Omit<NewReply, 'author' | 'unlessSubscribed'> & { workspaceId: string },
): Promise<WrittenReply> {
  const type = 'comment_reply_created';
  const written = await createReply(db, {
    ...reply,
    author: writeAuthorOf(caller),
    unlessSubscribed: { workspaceId: reply.workspaceId, type },
  });
  if (written) return written;
  return db.transaction(async (tx) => {
    const authorUserId = await actingUserId(tx, caller, reply.workspaceId, clock);
    const written = await createReply(tx, { ...reply, author: { userId: authorUserId } });
    if (!written) throw notFound('Thread');
    const messageId = written.row.id;
    await recordCommentEvent(tx, {
      type,
      workspaceId: reply.workspaceId,
      occurredAt: reply.now,
      threadId: reply.threadId,
      messageId,
      actorUserId: authorUserId,
    });
    return written;
  });
}
