/**
 * Messages (comments) as stored and as the API shows them (MessageResponse): how a request body
 * becomes a stored Delta with derived plain text and mentions, and how rows are loaded in bulk
 * for whole threads.
 */
import { randomUUID } from 'node:crypto';
import type { Attachment, Delta, MessageResponse } from '../../src/api/wire.ts';
import { isoAt, json, type Db } from '../db/db.ts';
import { validationFailed } from '../domain/errors.ts';
import { messageScopes } from '../domain/permissions.ts';
import type { Viewer } from '../domain/viewer.ts';
import { attachUploads } from './attachments.ts';
import { deltaFromText, deltaMentionIds, deltaToPlainText, normalizeDelta, type deltaSchema } from '../domain/delta.ts';
import { toAuthorUser, type UserRow } from './users.ts';
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
export function messageBodyFrom(input: { message?: z.output<typeof deltaSchema> | undefined; content?: string | undefined }): MessageBody | undefined {
  let delta: Delta;
  if (input.message) delta = normalizeDelta(input.message);
  else if (input.content !== undefined) {
    if (input.content.trim() === '') throw validationFailed('content: the message is empty', [{ path: 'content', message: 'the message is empty' }]);
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

export async function insertMessage(
  db: Db,
  message: { threadId: string; authorUserId: string; body: MessageBody; fileIds: string[]; now: number },
): Promise<string> {
  const id = randomUUID();
  const at = isoAt(message.now);
  await db.query(
    `INSERT INTO messages (id, thread_id, author_user_id, delta, plain_text, mention_ids, created_at, modified_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::timestamptz, $7::timestamptz)`,
    [id, message.threadId, message.authorUserId, json(message.body.delta), message.body.plainText, json(message.body.mentionIds), at],
  );
  await attachUploads(db, id, message.fileIds, message.now);
  return id;
}

export async function loadMessages(db: Db, threadIds: string[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  return db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE thread_id = ANY($1::uuid[]) ORDER BY seq`, [threadIds]);
}

export async function loadMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return (await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [id]))[0];
}

export function toMessageResponse(
  row: MessageRow,
  context: { viewer: Viewer; users: Map<string, UserRow>; attachments: Map<string, Attachment[]>; lastSeenAt: number | null },
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
    clipVideos: [],
  };
}
