/**
 * §4.2 thread endpoints (the screenshot endpoints are in screenshots.ts): list, read, create,
 * resolve, unresolve, delete (with its stored files) and move-pin. Every handler first proves the
 * caller may reach the markup. The list, the API's hottest read, is answered from an in-process
 * cache of serialized bodies keyed by the markup's threads version, with an ETag (304 on a match).
 */
import { Hono, type Context } from 'hono';
import type {
  AnyThreadResponse,
  DataEnvelope,
  ListThreadsResponse,
  ResolveThreadResponse,
  UnresolveThreadResponse,
} from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { isoAt, type Db } from '../db/db.ts';
import { forbidden, notFound, validationFailed } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { isUuid } from '../domain/ids.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { type Caller, viewerOf } from '../domain/viewer.ts';
import { actingUserId, markupForCaller } from '../model/access.ts';
import { mayModify, reachesWorkspace } from '../domain/permissions.ts';
import { callerOf } from '../http/caller.ts';
import { requireMessageBody } from '../model/messages.ts';
import { resolveAttachments, type AttachmentOwner } from '../model/attachments.ts';
import { deleteObjects, filesOfThread, forgetUploads } from '../model/file-cleanup.ts';
import { fileUrls } from '../model/file-urls.ts';
import { findThread, loadThreadResponse, newThreadResponse, toThreadResponses } from '../model/threads.ts';
import { listThreads, type ListThreadsParams } from '../model/thread-list.ts';
import { etagOf, ifNoneMatches, markupVersionForCaller, readUrlWindow, threadListKey, threadsVersion } from '../model/thread-cache.ts';
import { ResponseCache } from '../http/response-cache.ts';
import { movePin } from '../model/thread-writes.ts';
import { createAnnouncedThread } from '../model/comment-writes.ts';
import { createThreadDirectly } from './threads-direct-writes.ts';
import { createThreadSchema, listThreadsQuerySchema, movePinSchema } from '../schemas/threads.ts';
import { recordCommentAction } from '../model/activity.ts';
import { threadNotModified } from './inbox-etag.ts';
import { refuseFileFieldsOnWebpage, wrongThreadKind } from '../schemas/file-threads.ts';
import { createFileThreadResponse, isFileThreadRequest, moveFilePinResponse } from './file-threads.ts';
import { resolveClipVideos, withThreadClips } from '../model/clip-videos.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Memory for cached `GET /threads` bodies (about 250 pages of 50 threads). */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** Clients may keep a list but must revalidate it (If-None-Match → 304 while nothing changed). */
const LIST_CACHE_CONTROL = 'private, no-cache';

/** A serialized JSON body, as ok() would send it. */
function sendJson(c: Context, bytes: Uint8Array<ArrayBuffer>, etag?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': LIST_CACHE_CONTROL };
  if (etag) headers.ETag = etag;
  return c.body(bytes, 200, headers);
}

/** Whose uploads a message by this caller may attach (a reviewer: only their own). */
export function attachmentOwner(caller: Caller, workspaceId: string): AttachmentOwner {
  return { workspaceId, uploaderUserId: caller.kind === 'api_key' ? null : caller.userId };
}

/** The thread, if the caller may reach its markup; 404 otherwise. */
export async function threadForCaller(db: Db, caller: Caller, threadId: string) {
  const thread = await findThread(db, threadId);
  if (!thread) throw notFound('Thread');
  const reachable = reachesWorkspace(caller, thread) && (caller.kind !== 'exchange' || caller.markupId === thread.markup_id);
  if (!reachable) throw notFound('Thread');
  return thread;
}

export function threadRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);

  // Bodies of `GET /threads`, keyed by everything they depend on including the markup's threads
  // version (server/model/thread-cache.ts), so a hit is never stale and needs no invalidation.
  const listCache = new ResponseCache(LIST_CACHE_BYTES);

  routes.get('/threads', async (c) => {
    const caller = callerOf(c);
    const query = readQuery(c, listThreadsQuerySchema);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    if (limit < 1 || limit > MAX_PAGE_SIZE) {
      throw validationFailed(`limit must be between 1 and ${MAX_PAGE_SIZE}`, [
        { path: 'limit', message: `between 1 and ${MAX_PAGE_SIZE}` },
      ]);
    }
    if (!isUuid(query.markupId)) throw notFound('Markup');
    const markup = await markupVersionForCaller(db, caller, query.markupId.toLowerCase());
    const params: ListThreadsParams = {
      markupId: markup.id,
      order: query.order ?? 'pin_asc',
      limit,
      offset: query.offset,
      cursorId: query.cursorId || undefined,
      resolved: query.resolved,
      viewMode: query.viewMode,
      q: query.q,
      withThreadOrMessageId: query.withThreadOrMessageId?.toLowerCase(),
      // Issue 18: a guest's list holds only their own threads (http/guest-guard.ts keeps the rest out).
      ...(caller.kind === 'exchange' && caller.guest ? { authorUserId: caller.userId } : {}),
    };
    const viewer = viewerOf(caller);
    const window = readUrlWindow(clock.now());
    const key = threadListKey({ version: markup.version, params, viewer, window });
    const cached = listCache.get(key);
    const etag = cached?.etag ?? etagOf(key);
    // A tag is only ever handed out for a body that is exactly this key's (see below), so a match
    // means the client holds the current body, whichever process built it.
    if (ifNoneMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, { ETag: etag, 'Cache-Control': LIST_CACHE_CONTROL });
    if (cached) return sendJson(c, cached.bytes, etag);

    const page = await listThreads(db, params);
    const body: ListThreadsResponse<AnyThreadResponse> = {
      threads: await toThreadResponses(db, page.rows, viewer, files),
      query: query.resolved === undefined ? {} : { resolved: query.resolved },
      offset: page.offset,
      total: page.total,
      cursorId: page.cursorId,
    };
    const envelope: DataEnvelope<ListThreadsResponse<AnyThreadResponse>> = { data: body };
    const bytes = Buffer.from(JSON.stringify(envelope), 'utf8');
    // The page took several statements, each with its own snapshot. The version is set to a new
    // value by every commit that changes what they read, so if it is unchanged now, every one of
    // them saw the state it names; otherwise the body is still a correct answer, just not one to
    // keep or to tag. Likewise for a signed-URL window that ended meanwhile.
    const unchanged = (await threadsVersion(db, markup.id)) === markup.version && readUrlWindow(clock.now()) === window;
    if (!unchanged) return sendJson(c, bytes);
    listCache.set(key, { bytes, etag });
    return sendJson(c, bytes, etag);
  });

  routes.get('/threads/:id', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    // A weak ETag (inbox-etag.ts): the review app's live refresh gets a 304 while nothing changed.
    const unchanged = await threadNotModified(c, db, caller, thread, clock.now());
    if (unchanged) return unchanged;
    return ok(c, await loadThreadResponse(db, thread.id, viewerOf(caller), files));
  });

  routes.post('/threads', async (c) => {
    const caller = callerOf(c);
    if (await isFileThreadRequest(c)) return ok(c, await createFileThreadResponse(c, deps, files, caller, attachmentOwner));
    // Issue 15: usually one statement that checks the markup as it writes (threads-direct-writes.ts);
    // any check added below must be made there too.
    const direct = await createThreadDirectly(c, deps, caller);
    if (direct) return ok(c, await newThreadResponse(db, direct, viewerOf(caller), files));
    const input = await readJson(c, createThreadSchema);
    const markupId = input.projectId ?? (caller.kind === 'exchange' ? caller.markupId : undefined);
    if (!markupId)
      throw validationFailed('projectId: required when creating a thread with an API key', [{ path: 'projectId', message: 'required' }]);
    if (!isUuid(markupId)) throw notFound('Markup');
    const markup = await markupForCaller(db, caller, markupId.toLowerCase());
    if (input.isImageThread || markup.type !== 'webpage') throw wrongThreadKind(markup.type);
    refuseFileFieldsOnWebpage(input);
    if (markup.read_only) throw forbidden('New comments are paused on this markup (it is read-only)');
    const body = requireMessageBody(input);
    const fileIds = await resolveAttachments(db, attachmentOwner(caller, markup.workspace_id), input);
    const clips = await resolveClipVideos(db, attachmentOwner(caller, markup.workspace_id), input.clipVideos);
    const thread = { markupId: markup.id, workspaceId: markup.workspace_id, input, body, fileIds, now: clock.now() };
    const written = await withThreadClips(db, clips, thread.now, (on) => createAnnouncedThread(on, caller, clock, thread));
    return ok(c, await newThreadResponse(db, written, viewerOf(caller), files));
  });

  routes.post('/threads/:id/resolve', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    let modifiedAt = thread.modified_at.getTime();
    if (!thread.resolved) {
      modifiedAt = clock.now();
      await db.transaction(async (tx) => {
        const userId = await actingUserId(tx, caller, thread.workspace_id, clock);
        // `AND NOT resolved`: of two concurrent resolves only the one that changed the thread announces it.
        const changed = await tx.query(
          `UPDATE threads SET resolved = true, resolved_at = $2::timestamptz, resolved_by_user_id = $3,
             modified_at = $2::timestamptz, last_activity_at = $2::timestamptz WHERE id = $1 AND NOT resolved RETURNING id`,
          [thread.id, isoAt(modifiedAt), userId],
        );
        if (changed.length === 0) return;
        await recordCommentAction(tx, {
          kind: 'thread_resolved',
          threadId: thread.id,
          userId,
          workspaceId: thread.workspace_id,
          occurredAt: modifiedAt,
        });
      });
    }
    const body: ResolveThreadResponse = { threadId: thread.id, modifiedAt };
    return ok(c, body);
  });

  routes.post('/threads/:id/unresolve', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    if (thread.resolved) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const changed = await tx.query(
          `UPDATE threads SET resolved = false, resolved_at = NULL, resolved_by_user_id = NULL,
             modified_at = $2::timestamptz, last_activity_at = $2::timestamptz WHERE id = $1 AND resolved RETURNING id`,
          [thread.id, isoAt(now)],
        );
        if (changed.length === 0) return;
        const userId = await actingUserId(tx, caller, thread.workspace_id, clock);
        await recordCommentAction(tx, {
          kind: 'thread_unresolved',
          threadId: thread.id,
          userId,
          workspaceId: thread.workspace_id,
          occurredAt: now,
        });
      });
    }
    const body: UnresolveThreadResponse = { threadId: thread.id };
    return ok(c, body);
  });

  routes.delete('/threads/:id', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    if (!mayModify(viewerOf(caller), thread.author_user_id)) throw forbidden('Only the author of a thread (or an API key) may delete it');
    const stored = await db.transaction(async (tx) => {
      const found = await filesOfThread(tx, thread.id);
      await tx.query('DELETE FROM threads WHERE id = $1', [thread.id]);
      await forgetUploads(tx, found);
      return found;
    });
    await deleteObjects(deps.storage, stored, deps.log);
    return noContent(c);
  });

  routes.patch('/threads/:id/move-pin', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    if (!mayModify(viewerOf(caller), thread.author_user_id))
      throw forbidden('Only the author of a thread (or an API key) may move its pin');
    if (thread.type !== 'webpage') return ok(c, await moveFilePinResponse(c, deps, thread));
    const input = await readJson(c, movePinSchema);
    const short = await db.transaction((tx) => movePin(tx, thread, input, clock.now()));
    return ok(c, short);
  });

  return routes;
}
