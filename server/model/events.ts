/**
 * Every event an operation announces is recorded here, in the operation's transaction: which event,
 * and its `data` (WebhookCommentData, WebhookMarkupData in src/api/wire.ts), read inside that
 * transaction so an event describes exactly what it committed. The outbox row itself is written by
 * server/events/record.ts, which knows nothing of the model. The shapes are caller-independent
 * (no `scopes`, no signed file URLs that would expire while a delivery waits for a retry);
 * receivers are the workspace's own servers, so authors' e-mail addresses are included, as API
 * keys see them.
 */
import type {
  WebhookCommentData,
  WebhookEventType,
  WebhookMarkup,
  WebhookMarkupData,
  WebhookMessage,
  WebhookUser,
} from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { recordEvent } from '../events/record.ts';
import { findMarkup, type MarkupRow } from './markups.ts';
import { loadMessage } from './messages.ts';
import { findThread } from './threads.ts';
import { filePinOfThread } from './file-thread-response.ts';
import { loadUsers, type UserRow } from './users.ts';

function toWebhookUser(row: UserRow | undefined, id: string): WebhookUser {
  if (!row) return { id, name: '', email: null, guest: true };
  return { id: row.id, name: row.name, email: row.email, guest: !(row.is_member ?? false) && row.kind !== 'service' };
}

export function toWebhookMarkup(markup: MarkupRow): WebhookMarkup {
  return {
    id: markup.id,
    workspaceId: markup.workspace_id,
    type: markup.type,
    name: markup.name,
    url: markup.url,
    readOnly: markup.read_only,
    status: markup.status,
  };
}

async function markupOrFail(db: Db, markupId: string): Promise<MarkupRow> {
  const markup = await findMarkup(db, markupId);
  if (!markup) throw new Error(`markup ${markupId} vanished while recording an event`);
  return markup;
}

/**
 * A comment event: the thread, its markup, who acted and (for created/reply/updated) the message.
 * Any of them missing inside the transaction is a bug, so it throws and the operation rolls back.
 */
export async function commentEventData(
  db: Db,
  args: { threadId: string; /** A message id, or 'first' for the thread's first message. */ messageId?: string; actorUserId: string },
): Promise<WebhookCommentData> {
  const thread = await findThread(db, args.threadId);
  if (!thread) throw new Error(`thread ${args.threadId} vanished while recording an event`);
  const messageId =
    args.messageId === 'first'
      ? (await queryOne<{ id: string }>(db, 'SELECT id FROM messages WHERE thread_id = $1 ORDER BY seq LIMIT 1', [thread.id]))?.id
      : args.messageId;
  const message = messageId ? await loadMessage(db, messageId) : undefined;
  if (args.messageId && !message) throw new Error(`message ${args.messageId} of thread ${thread.id} vanished while recording an event`);
  // One query at a time: these run on the operation's transaction, a single connection.
  const markup = await markupOrFail(db, thread.markup_id);
  const users = await loadUsers(db, [thread.author_user_id, args.actorUserId, ...(message ? [message.author_user_id] : [])]);
  const attachments = message
    ? await queryOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM message_attachments WHERE message_id = $1', [message.id])
    : undefined;
  const data: WebhookCommentData = {
    markup: toWebhookMarkup(markup),
    thread: {
      id: thread.id,
      projectId: thread.markup_id,
      number: thread.number,
      resolved: thread.resolved,
      url: thread.url,
      canonicalUrl: thread.canonical_url,
      createdAt: thread.created_at.getTime(),
      modifiedAt: thread.modified_at.getTime(),
      user: toWebhookUser(users.get(thread.author_user_id), thread.author_user_id),
      ...(thread.type === 'webpage' ? {} : filePinOfThread(thread)),
    },
    actor: toWebhookUser(users.get(args.actorUserId), args.actorUserId),
  };
  if (message) {
    const shown: WebhookMessage = {
      id: message.id,
      threadId: message.thread_id,
      message: message.plain_text,
      messageJson: message.delta,
      mentionIds: message.mention_ids,
      attachmentCount: attachments?.n ?? 0,
      createdAt: message.created_at.getTime(),
      modifiedAt: message.modified_at.getTime(),
      user: toWebhookUser(users.get(message.author_user_id), message.author_user_id),
    };
    data.message = shown;
  }
  return data;
}

/** A markup event (set_project_read_only and the pending markup_* / project_review_created). */
export async function markupEventData(db: Db, args: { markupId: string; actorUserId: string | null }): Promise<WebhookMarkupData> {
  const markup = await markupOrFail(db, args.markupId);
  const actor = args.actorUserId ? toWebhookUser((await loadUsers(db, [args.actorUserId])).get(args.actorUserId), args.actorUserId) : null;
  return { markup: toWebhookMarkup(markup), actor };
}

/**
 * Who acted: known up front, or looked up only when someone subscribed (an API key's service user
 * is created on first use, so the lookup may write a row).
 */
export type EventActor<Id> = Id | (() => Promise<Id>);

const actorOf = async <Id>(actor: EventActor<Id>): Promise<Id> => (typeof actor === 'function' ? (actor as () => Promise<Id>)() : actor);

interface EventAt {
  type: WebhookEventType;
  workspaceId: string;
  /** When the operation happened (the server's clock). */
  occurredAt: number;
}

/** A comment event of `threadId`; `messageId` as commentEventData takes it. */
export async function recordCommentEvent(
  tx: Db,
  event: EventAt & { threadId: string; messageId?: string; actorUserId: EventActor<string> },
): Promise<void> {
  await recordEvent(tx, {
    type: event.type,
    workspaceId: event.workspaceId,
    occurredAt: event.occurredAt,
    data: async () =>
      commentEventData(tx, { threadId: event.threadId, messageId: event.messageId, actorUserId: await actorOf(event.actorUserId) }),
  });
}

/** A markup event of `markupId`, with `extra` fields beside the markup and actor (a review, say). */
export async function recordMarkupEvent(
  tx: Db,
  event: EventAt & { markupId: string; actorUserId: EventActor<string | null>; extra?: Record<string, unknown> },
): Promise<void> {
  await recordEvent(tx, {
    type: event.type,
    workspaceId: event.workspaceId,
    occurredAt: event.occurredAt,
    data: async () => ({
      ...(await markupEventData(tx, { markupId: event.markupId, actorUserId: await actorOf(event.actorUserId) })),
      ...event.extra,
    }),
  });
}
