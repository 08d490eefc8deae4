/**
 * The activity log product metrics are computed from (migration 0008). Routes call
 * `recordActivity` inside the transaction of the operation, so an action that rolls back leaves
 * no trace and one that commits is never missing. New threads and replies write their entry
 * inside their one statement instead (comment-writes.ts, thread-writes.ts), to the same effect.
 */
import type { WebhookEventType } from '../../src/api/wire.ts';
import { isoAt, type Db } from '../db/db.ts';
import { recordCommentEvent } from './events.ts';

export type ActivityKind = 'thread_created' | 'reply_created' | 'thread_resolved' | 'thread_unresolved';

export interface ActivityInput {
  kind: ActivityKind;
  threadId: string;
  userId: string;
  occurredAt: number;
}

/** Workspace and markup are read from the thread, so callers cannot file an action elsewhere. */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<void> {
  await tx.query(
    `INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
     SELECT mk.workspace_id, t.markup_id, t.id, $2, $3, $4::timestamptz
     FROM threads t JOIN markups mk ON mk.id = t.markup_id WHERE t.id = $1`,
    [input.threadId, input.userId, input.kind, isoAt(input.occurredAt)],
  );
}

/** Each comment action in the metrics log is also the webhook event of the same name in §2.7. */
const EVENT_OF: Record<ActivityKind, WebhookEventType> = {
  thread_created: 'comment_created',
  reply_created: 'comment_reply_created',
  thread_resolved: 'comment_resolved',
  thread_unresolved: 'comment_unresolved',
};

export interface CommentActionInput extends ActivityInput {
  workspaceId: string;
  /** The message the event carries: an id, or 'first' for a new thread's first message. */
  messageId?: string;
}

/**
 * A comment action, recorded in the operation's transaction both ways it is reported: in the
 * activity log (product metrics) and as its webhook event.
 */
export async function recordCommentAction(tx: Db, input: CommentActionInput): Promise<void> {
  await recordActivity(tx, input);
  await recordCommentEvent(tx, {
    type: EVENT_OF[input.kind],
    workspaceId: input.workspaceId,
    occurredAt: input.occurredAt,
    threadId: input.threadId,
    messageId: input.messageId,
    actorUserId: input.userId,
  });
}
