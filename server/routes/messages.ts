/**
 * §4.3 message endpoints: reply to a thread, edit a message, delete a message. Edits and deletes
 * belong to the message's author (or an API key); the first message is the thread itself and is
 * removed by deleting the thread. Attachments are checked before anything is written, and files a
 * message no longer uses (edited away, message deleted) are deleted from the store.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import type { Attachment } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import { ApiError, forbidden, notFound, validationFailed } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { pathId, readJson } from '../http/validate.ts';
import { type Caller, viewerOf, type Viewer } from '../domain/viewer.ts';
import { actingUserId } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { mayModify } from '../domain/permissions.ts';
import {
  authorAndReadMark,
  loadMessage,
  messageBodyFrom,
  requireMessageBody,
  toMessageResponse,
  type MessageRow,
} from '../model/messages.ts';
import { createAnnouncedReply, type WrittenReply } from '../model/comment-writes.ts';
import { replyDirectly } from './threads-direct-writes.ts';
import { loadAttachments, replaceAttachments, resolveAttachments } from '../model/attachments.ts';
import { deleteObjects, filesOfMessage, forgetUploads } from '../model/file-cleanup.ts';
import { fileUrls, type FileUrls } from '../model/file-urls.ts';
import { createMessageSchema, updateMessageSchema } from '../schemas/messages.ts';
import { attachmentOwner, threadForCaller } from './threads.ts';
import { recordCommentEvent } from '../model/events.ts';
import { loadClips, replaceClips, resolveClipVideos, withClips } from '../model/clip-videos.ts';
import { keepSentMentions } from '../model/mention-checks.ts';

/** A message as the viewer sees it. */
async function messageResponse(db: Db, row: MessageRow, viewer: Viewer, files: FileUrls) {
  const [{ users, lastSeenAt }, attachments, clips] = await Promise.all([
    authorAndReadMark(db, row, viewer.userId),
    loadAttachments(db, [row.id], files),
    loadClips(db, [row.id], files),
  ]);
  return toMessageResponse(row, { viewer, users, attachments, lastSeenAt, clips });
}

/** A reply as the viewer sees it, from what its statement wrote and read; only a reply with files needs another query. */
async function replyResponse(db: Db, written: WrittenReply, viewer: Viewer, files: FileUrls, hasAttachments: boolean) {
  if (!written.author) return messageResponse(db, written.row, viewer, files);
  const users = new Map([[written.author.id, written.author]]);
  const [attachments, clips] = hasAttachments
    ? await Promise.all([loadAttachments(db, [written.row.id], files), loadClips(db, [written.row.id], files)])
    : [new Map<string, Attachment[]>(), undefined];
  return toMessageResponse(written.row, { viewer, users, attachments, lastSeenAt: written.lastSeenAt, clips });
}

/** The message and its thread, if the caller may reach the thread's markup; 404 otherwise. */
async function messageForCaller(db: Db, caller: Caller, messageId: string) {
  const message = await loadMessage(db, messageId);
  if (!message) throw notFound('Message');
  try {
    const thread = await threadForCaller(db, caller, message.thread_id);
    return { message, thread };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound('Message');
    throw error;
  }
}

export function messageRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);

  routes.post('/threads/:threadId/messages', async (c) => {
    const caller = callerOf(c);
    // Issue 15: usually one statement that checks the thread as it writes (threads-direct-writes.ts);
    // any check added below must be made there too.
    const direct = await replyDirectly(c, deps, caller);
    if (direct) return ok(c, await replyResponse(db, direct.written, direct.viewer, files, false));
    const thread = await threadForCaller(db, caller, pathId(c, 'threadId', 'Thread'));
    if (thread.markup_read_only) throw forbidden('New comments are paused on this markup (it is read-only)');
    const input = await readJson(c, createMessageSchema);
    const body = requireMessageBody(input);
    await keepSentMentions(db, { markupId: thread.markup_id, workspaceId: thread.workspace_id }, input, body);
    const fileIds = await resolveAttachments(db, attachmentOwner(caller, thread.workspace_id), input);
    const clips = await resolveClipVideos(db, attachmentOwner(caller, thread.workspace_id), input.clipVideos);
    const viewer = viewerOf(caller);
    const reply = { threadId: thread.id, workspaceId: thread.workspace_id, body, fileIds, now: clock.now(), viewerUserId: viewer.userId };
    const written = await withClips(
      db,
      clips,
      reply.now,
      (on) => createAnnouncedReply(on, caller, clock, reply),
      async (w) => w.row.id,
    );
    return ok(c, await replyResponse(db, written, viewer, files, fileIds.length > 0 || clips.length > 0));
  });

  routes.patch('/messages/:id', async (c) => {
    const caller = callerOf(c);
    const { message, thread } = await messageForCaller(db, caller, pathId(c, 'id', 'Message'));
    if (!mayModify(viewerOf(caller), message.author_user_id)) throw forbidden('Only the author of a message (or an API key) may edit it');
    const input = await readJson(c, updateMessageSchema);
    const body = messageBodyFrom(input);
    if (!body && input.priority === undefined && input.attachments === undefined && input.clipVideos === undefined) {
      throw validationFailed('Nothing to update: send message (or content), attachments, clipVideos or priority', [
        { path: 'message', message: 'required (or content, attachments, clipVideos, priority)' },
      ]);
    }
    await keepSentMentions(db, { markupId: thread.markup_id, workspaceId: thread.workspace_id }, input, body);
    const clips = await resolveClipVideos(db, attachmentOwner(caller, thread.workspace_id), input.clipVideos, message.id);
    if (input.priority !== undefined && !mayModify(viewerOf(caller), thread.author_user_id)) {
      throw forbidden("Only the thread's author (or an API key) may change its priority");
    }
    const fileIds = await resolveAttachments(db, attachmentOwner(caller, thread.workspace_id), input, message.id);
    const now = isoAt(clock.now());
    const dropped = await db.transaction(async (tx) => {
      if (body) {
        await tx.query(
          'UPDATE messages SET delta = $2::jsonb, plain_text = $3, mention_ids = $4::jsonb, modified_at = $5::timestamptz WHERE id = $1',
          [message.id, json(body.delta), body.plainText, json(body.mentionIds), now],
        );
      }
      if (input.priority !== undefined) {
        // A message carries no priority of its own: it sets its thread's.
        await tx.query('UPDATE threads SET priority = $2, modified_at = $3::timestamptz WHERE id = $1', [thread.id, input.priority, now]);
      }
      let removed: Awaited<ReturnType<typeof replaceAttachments>> = { uploadIds: [], keys: [] };
      if (input.attachments !== undefined) {
        if (!body) await tx.query('UPDATE messages SET modified_at = $2::timestamptz WHERE id = $1', [message.id, now]);
        removed = await replaceAttachments(tx, message.id, fileIds, clock.now());
        await forgetUploads(tx, removed);
      }
      if (input.clipVideos !== undefined) {
        if (!body && input.attachments === undefined)
          await tx.query('UPDATE messages SET modified_at = $2::timestamptz WHERE id = $1', [message.id, now]);
        const dropped = await replaceClips(tx, message.id, clips, clock.now());
        await forgetUploads(tx, dropped);
        removed = { uploadIds: [...removed.uploadIds, ...dropped.uploadIds], keys: [...removed.keys, ...dropped.keys] };
      }
      await recordCommentEvent(tx, {
        type: 'comment_updated',
        workspaceId: thread.workspace_id,
        occurredAt: clock.now(),
        threadId: thread.id,
        messageId: message.id,
        actorUserId: () => actingUserId(tx, caller, thread.workspace_id, clock),
      });
      return removed;
    });
    await deleteObjects(deps.storage, dropped, deps.log);
    const updated = await loadMessage(db, message.id);
    if (!updated) throw new Error(`message ${message.id} vanished`);
    return ok(c, await messageResponse(db, updated, viewerOf(caller), files));
  });

  routes.delete('/messages/:id', async (c) => {
    const caller = callerOf(c);
    const { message, thread } = await messageForCaller(db, caller, pathId(c, 'id', 'Message'));
    if (!mayModify(viewerOf(caller), message.author_user_id)) throw forbidden('Only the author of a message (or an API key) may delete it');
    const first = await queryOne<{ id: string }>(db, 'SELECT id FROM messages WHERE thread_id = $1 ORDER BY seq LIMIT 1', [thread.id]);
    if (first?.id === message.id) {
      throw new ApiError(409, 'conflict', 'This is the first message of its thread; delete the thread instead');
    }
    const stored = await db.transaction(async (tx) => {
      const found = await filesOfMessage(tx, message.id);
      await tx.query('DELETE FROM messages WHERE id = $1', [message.id]);
      await forgetUploads(tx, found);
      return found;
    });
    await deleteObjects(deps.storage, stored, deps.log);
    return noContent(c);
  });

  return routes;
}
