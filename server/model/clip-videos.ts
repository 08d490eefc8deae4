/**
 * Video clips on messages (issue 17): `clipVideos: [{fileId, title?, width, height}]` names
 * completed message_attachment uploads of a video (the caller's own, for a reviewer), each used by
 * one clip only. Every entry is checked before anything is written (one 422 listing each problem);
 * the rows are written in the message's transaction; the response signs a fresh `sharedUrl` per
 * answer (stored URLs would expire), like attachments.
 */
import { randomUUID } from 'node:crypto';
import type { VideoClip } from '../../src/api/wire.ts';
import { isoAt, type Db } from '../db/db.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { ClipVideoRequest } from '../schemas/clip-videos.ts';
import type { AttachmentOwner, DroppedFiles } from './attachments.ts';
import type { FileUrls } from './file-urls.ts';

const CLIP_TYPES = ['video/mp4', 'video/webm'];
export const DEFAULT_CLIP_TITLE = 'Screen recording';

export interface CheckedClip {
  uploadId: string;
  title: string;
  width: number;
  height: number;
}

interface UploadRow {
  id: string;
  workspace_id: string;
  resource_type: string;
  content_type: string;
  completed_at: Date | null;
  created_by_user_id: string | null;
  used_by: string | null;
  attached: boolean;
}

/** The clips to write, after checking every entry; [] when none were sent. */
export async function resolveClipVideos(
  db: Db,
  owner: AttachmentOwner,
  clips: ClipVideoRequest[] | undefined,
  messageId?: string,
): Promise<CheckedClip[]> {
  if (!clips || clips.length === 0) return [];
  const ids = clips.map((c) => c.fileId.toLowerCase());
  const rows = await db.query<UploadRow>(
    `SELECT u.id, u.workspace_id, u.resource_type, u.content_type, u.completed_at, u.created_by_user_id,
       (SELECT c.message_id::text FROM message_clip_videos c WHERE c.upload_id = u.id) AS used_by,
       EXISTS (SELECT 1 FROM message_attachments a WHERE a.upload_id = u.id) AS attached
     FROM uploads u WHERE u.id = ANY($1::uuid[])`,
    [ids.filter(isUuid)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    const row = byId.get(id);
    const mine =
      row && row.workspace_id === owner.workspaceId && (owner.uploaderUserId === null || row.created_by_user_id === owner.uploaderUserId);
    let problem: string | undefined;
    if (!row || !mine) problem = 'no upload with this id';
    else if (row.resource_type !== 'message_attachment') problem = `this upload is a ${row.resource_type}, not a message_attachment`;
    else if (!CLIP_TYPES.includes(row.content_type))
      problem = `a clip must be video/mp4 or video/webm (this upload is ${row.content_type})`;
    else if (!row.completed_at) problem = 'this upload is not completed (call POST /upload-complete first)';
    else if ((row.used_by && row.used_by !== messageId) || row.attached) problem = 'this upload is already used by a message';
    else if (seen.has(id)) problem = 'listed twice';
    seen.add(id);
    if (problem) details.push({ path: `clipVideos.${index}.fileId`, message: problem });
  });
  if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
  return clips.map((c, i) => ({ uploadId: ids[i]!, title: c.title ?? DEFAULT_CLIP_TITLE, width: c.width, height: c.height }));
}

async function insertClip(tx: Db, messageId: string, clip: CheckedClip, position: number, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO message_clip_videos (id, message_id, title, shared_url, width, height, upload_id, storage_key, mime_type, filesize,
       position, created_at, modified_at)
     SELECT $1, $2, $3, '', $4, $5, u.id, u.storage_key, u.content_type, u.filesize, $6, $7::timestamptz, $7::timestamptz
     FROM uploads u WHERE u.id = $8`,
    [randomUUID(), messageId, clip.title, clip.width, clip.height, position, isoAt(now), clip.uploadId],
  );
}

/** Writes the clips of a message (in the caller's transaction), in the order sent. */
export async function insertClips(tx: Db, messageId: string, clips: CheckedClip[], now: number): Promise<void> {
  for (const [position, clip] of clips.entries()) await insertClip(tx, messageId, clip, position, now);
}

/**
 * Runs a write that creates one message, and with clips to add, runs it in a transaction together
 * with them (`messageIdOf` finds the new message's id). Without clips the write runs as it is.
 */
export async function withClips<W>(
  db: Db,
  clips: CheckedClip[],
  now: number,
  write: (db: Db) => Promise<W>,
  messageIdOf: (written: W, tx: Db) => Promise<string>,
): Promise<W> {
  if (clips.length === 0) return write(db);
  return db.transaction(async (tx) => {
    const written = await write(tx);
    await insertClips(tx, await messageIdOf(written, tx), clips, now);
    return written;
  });
}

/**
 * A message's clips become `clips` (PATCH /messages/:id with clipVideos): clips whose upload is
 * listed again stay (with the new title and size), others go; answers the files no longer used.
 */
export async function replaceClips(tx: Db, messageId: string, clips: CheckedClip[], now: number): Promise<DroppedFiles> {
  const dropped = await tx.query<{ upload_id: string | null; storage_key: string | null }>(
    'DELETE FROM message_clip_videos WHERE message_id = $1 AND NOT (upload_id = ANY($2::uuid[])) RETURNING upload_id, storage_key',
    [messageId, clips.map((c) => c.uploadId)],
  );
  for (const [position, clip] of clips.entries()) {
    const kept = await tx.query(
      `UPDATE message_clip_videos SET title = $3, width = $4, height = $5, position = $6, modified_at = $7::timestamptz
       WHERE message_id = $1 AND upload_id = $2 RETURNING id`,
      [messageId, clip.uploadId, clip.title, clip.width, clip.height, position, isoAt(now)],
    );
    if (kept.length === 0) await insertClip(tx, messageId, clip, position, now);
  }
  return {
    uploadIds: dropped.flatMap((r) => (r.upload_id ? [r.upload_id] : [])),
    keys: dropped.flatMap((r) => (r.storage_key ? [r.storage_key] : [])),
  };
}

/** The id of a thread's first message (the one a new thread's clips go on). */
async function firstMessageId(tx: Db, threadId: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('SELECT id FROM messages WHERE thread_id = $1 ORDER BY seq LIMIT 1', [threadId]);
  if (!row) throw new Error(`thread ${threadId} has no first message`);
  return row.id;
}

/**
 * A new thread with clips on its first message; the children its statement read then lack the
 * clips, so they are dropped and the response loads them afresh.
 */
export async function withThreadClips<W extends { row: { id: string }; children: string | null }>(
  db: Db,
  clips: CheckedClip[],
  now: number,
  write: (db: Db) => Promise<W>,
): Promise<W> {
  const written = await withClips(db, clips, now, write, (w, tx) => firstMessageId(tx, w.row.id));
  return clips.length === 0 ? written : { ...written, children: null };
}

interface ClipRow {
  id: string;
  message_id: string;
  title: string;
  width: number;
  height: number;
  storage_key: string | null;
  mime_type: string | null;
  created_at: Date;
  modified_at: Date;
}

/** The clips of these messages, by message id, each with a freshly signed `sharedUrl`. */
export async function loadClips(db: Db, messageIds: string[], files: FileUrls): Promise<Map<string, VideoClip[]>> {
  const byMessage = new Map<string, VideoClip[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.query<ClipRow>(
    `SELECT id, message_id, title, width, height, storage_key, mime_type, created_at, modified_at
     FROM message_clip_videos WHERE message_id = ANY($1::uuid[]) ORDER BY position, created_at, id`,
    [messageIds],
  );
  for (const r of rows) {
    const list = byMessage.get(r.message_id) ?? [];
    const type = r.mime_type ?? 'video/webm';
    list.push({
      id: r.id,
      messageId: r.message_id,
      title: r.title,
      sharedUrl: r.storage_key ? files.read(r.storage_key, type, `${r.title}.${type === 'video/mp4' ? 'mp4' : 'webm'}`).url : '',
      width: r.width,
      height: r.height,
      mimeType: type,
      createdAt: r.created_at.getTime(),
      modifiedAt: r.modified_at.getTime(),
    });
    byMessage.set(r.message_id, list);
  }
  return byMessage;
}
