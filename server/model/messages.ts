/**
 * Messages (comments) as stored and as the API shows them (MessageResponse): how a request body
 * becomes a stored Delta with derived plain text and mentions, and how rows are loaded in bulk
 * for whole threads.
 */
import { randomUUID } from 'node:crypto';
import type { Attachment, Delta, MessageResponse } from '../../src/api/wire.ts';
import { isoAt, json, type Db } from '../db/db.ts';
import { validationFailed } from '../http/errors.ts';
import { isUuid } from '../http/validate.ts';
import { messageScopes, type Viewer } from '../auth/permissions.ts';
import { deltaFromText, deltaMentionIds, deltaToPlainText, normalizeDelta, type deltaSchema } from './delta.ts';
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

/** Attachments must name completed uploads (none exist until the upload endpoints land); clip videos are not supported. */
export async function checkUploads(
  db: Db,
  workspaceId: string,
  input: { attachments?: { fileId: string }[] | undefined; clipVideos?: unknown[] | undefined },
): Promise<string[]> {
  if (input.clipVideos && input.clipVideos.length > 0) {
    throw validationFailed('clipVideos: video clips are not supported by this server', [
      { path: 'clipVideos', message: 'not supported' },
    ]);
  }
  const fileIds = (input.attachments ?? []).map((a) => a.fileId);
  for (const [index, fileId] of fileIds.entries()) {
    const found = isUuid(fileId)
      ? await db.query('SELECT 1 FROM uploads WHERE id = $1 AND workspace_id = $2 AND completed_at IS NOT NULL', [fileId, workspaceId])
      : [];
    if (found.length === 0) {
      const path = `attachments.${index}.fileId`;
      throw validationFailed(`${path}: no completed upload with this id`, [{ path, message: 'no completed upload with this id' }]);
    }
  }
  return fileIds;
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

export async function attachUploads(db: Db, messageId: string, fileIds: string[], now: number): Promise<void> {
  for (const fileId of fileIds) {
    await db.query(
      `INSERT INTO message_attachments (id, message_id, upload_id, url, etag, mime_type, original_filename, filesize, created_at, modified_at)
       SELECT $1, $2, u.id, '/files/' || u.storage_key, COALESCE(u.etag, ''), u.content_type, u.filename, u.filesize, $4::timestamptz, $4::timestamptz
       FROM uploads u WHERE u.id = $3`,
      [randomUUID(), messageId, fileId, isoAt(now)],
    );
  }
}

export async function loadMessages(db: Db, threadIds: string[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  return db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE thread_id = ANY($1::uuid[]) ORDER BY seq`, [threadIds]);
}

export async function loadMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return (await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [id]))[0];
}

interface AttachmentRow {
  id: string;
  message_id: string;
  url: string;
  etag: string;
  mime_type: string;
  original_filename: string;
  filesize: number;
  created_at: Date;
  modified_at: Date;
}

export async function loadAttachments(db: Db, messageIds: string[]): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.query<AttachmentRow>(
    `SELECT id, message_id, url, etag, mime_type, original_filename, filesize, created_at, modified_at
     FROM message_attachments WHERE message_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [messageIds],
  );
  for (const r of rows) {
    const list = byMessage.get(r.message_id) ?? [];
    list.push({
      id: r.id,
      messageId: r.message_id,
      url: r.url,
      etag: r.etag,
      mimeType: r.mime_type,
      originalFilename: r.original_filename,
      filesize: r.filesize,
      createdAt: r.created_at.getTime(),
      modifiedAt: r.modified_at.getTime(),
    });
    byMessage.set(r.message_id, list);
  }
  return byMessage;
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
