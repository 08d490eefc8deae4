/**
 * Messages (comments) as stored and as the API shows them (MessageResponse): how a request body
 * becomes a stored Delta with derived plain text and mentions, and how rows are loaded in bulk
 * for whole threads.
 */
import { randomUUID } from 'node:crypto';
import type { Attachment, Delta, MessageResponse, VideoClip } from '../../src/api/wire.ts';
import { json, queryOne, type Db } from '../db/db.ts';
import { validationFailed } from '../domain/errors.ts';
import { messageScopes } from '../domain/permissions.ts';
import type { Viewer } from '../domain/viewer.ts';
import { deltaFromText, deltaMentionIds, deltaToPlainText, normalizeDelta, type deltaSchema } from '../domain/delta.ts';
import { toAuthorUser, USER_COLUMNS, type UserRow } from './users.ts';
import type { z } from 'zod';

export interface MessageRow {
  id: string;
  thread_id: string;
  author_user_id: string;
  delta: Delta;
  plain_text: string;
  mention_ids: string[];
  created_at: Date;
  modified_at: Date;
}

const MESSAGE_COLUMNS = 'id, thread_id, author_user_id, delta, plain_text, mention_ids, created_at, modified_at';

export interface MessageBody {
  delta: Delta;
  plainText: string;
  mentionIds: string[];
}

/**
 * The stored form of a message body. The Delta wins; `content` alone becomes a one-line Delta;
 * a sent `mentionIds` is ignored (mentions come from the Delta's embeds).
 */
export function messageBodyFrom(input: {
  message?: z.output<typeof deltaSchema> | undefined;
  content?: string | undefined;
}): MessageBody | undefined {
  let delta: Delta;
  if (input.message) delta = normalizeDelta(input.message);
  else if (input.content !== undefined) {
    if (input.content.trim() === '')
      throw validationFailed('content: the message is empty', [{ path: 'content', message: 'the message is empty' }]);
    delta = deltaFromText(input.content);
  } else return undefined;
  return { delta, plainText: deltaToPlainText(delta), mentionIds: deltaMentionIds(delta) };
}

export function requireMessageBody(input: Parameters<typeof messageBodyFrom>[0]): MessageBody {
  const body = messageBodyFrom(input);
  if (!body) {
    throw validationFailed('message: send a Delta in "message" (or plain text in "content")', [
      { path: 'message', message: 'required (or content)' },
    ]);
  }
  return body;
}

/**
 * The CTEs `message` (a new message, RETURNING a MessageRow) and `attachments` (its uploads, in
 * order) of a one-statement write (comment-writes.ts): the message goes to the thread of CTE
 * `threadCte`, written by CTE `author`, and nothing is written when either has no row.
 */
export function messageCtes(args: {
  threadCte: string;
  body: MessageBody;
  fileIds: string[];
  add: (value: unknown) => string;
  at: string;
}): string {
  const { body, add, at } = args;
  return `message AS (
      INSERT INTO messages (id, thread_id, author_user_id, delta, plain_text, mention_ids, created_at, modified_at)
      SELECT ${add(randomUUID())}::uuid, ${args.threadCte}.id, author.id, ${add(json(body.delta))}::jsonb, ${add(body.plainText)},
        ${add(json(body.mentionIds))}::jsonb, ${at}, ${at}
      FROM ${args.threadCte}, author
      RETURNING ${MESSAGE_COLUMNS}
    ), attachments AS (
      INSERT INTO message_attachments (id, message_id, upload_id, storage_key, etag, mime_type, original_filename, filesize, position, created_at, modified_at)
      SELECT f.id, message.id, u.id, u.storage_key, COALESCE(u.etag, ''), u.content_type, u.filename, u.filesize, f.position - 1, ${at}, ${at}
      FROM message, unnest(${add(args.fileIds.map(() => randomUUID()))}::uuid[], ${add(args.fileIds)}::uuid[]) WITH ORDINALITY AS f (id, upload_id, position)
        JOIN uploads u ON u.id = f.upload_id
      RETURNING id
    )`;
}

export async function loadMessages(db: Db, threadIds: string[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  return db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE thread_id = ANY($1::uuid[]) ORDER BY seq`, [threadIds]);
}

export async function loadMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return (await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [id]))[0];
}

/** The author of `row` and the viewer's last visit to its thread, in one query (one message's response needs both). */
export async function authorAndReadMark(
  db: Db,
  row: MessageRow,
  viewerUserId: string | null,
): Promise<{ users: Map<string, UserRow>; lastSeenAt: number | null }> {
  const found = await queryOne<UserRow & { viewer_last_seen_at: Date | null }>(
    db,
    `SELECT ${USER_COLUMNS}, (SELECT r.last_seen_at FROM thread_reads r WHERE r.thread_id = $2 AND r.user_id = $3) AS viewer_last_seen_at
     FROM users u WHERE u.id = $1`,
    [row.author_user_id, row.thread_id, viewerUserId],
  );
  if (!found) return { users: new Map(), lastSeenAt: null };
  const { viewer_last_seen_at: seen, ...author } = found;
  return { users: new Map([[author.id, author]]), lastSeenAt: seen?.getTime() ?? null };
}

export function toMessageResponse(
  row: MessageRow,
  context: {
    viewer: Viewer;
    users: Map<string, UserRow>;
    attachments: Map<string, Attachment[]>;
    lastSeenAt: number | null;
    /** The messages' video clips (clip-videos.ts), when any were loaded. */
    clips?: Map<string, VideoClip[]>;
  },
): MessageResponse {
  const author = context.users.get(row.author_user_id);
  if (!author) throw new Error(`author ${row.author_user_id} of message ${row.id} not loaded`);
  return {
    id: row.id,
    threadId: row.thread_id,
    message: row.plain_text,
    messageJson: row.delta,
    content: row.plain_text,
    mentionIds: row.mention_ids,
    scopes: messageScopes(context.viewer, row.author_user_id),
    assignedRoleSlugs: [],
    createdAt: row.created_at.getTime(),
    modifiedAt: row.modified_at.getTime(),
    user: toAuthorUser(author, context.viewer),
    userMetaData: { lastSeenAt: context.lastSeenAt },
    attachments: context.attachments.get(row.id) ?? [],
    clipVideos: context.clips?.get(row.id) ?? [],
  };
}
