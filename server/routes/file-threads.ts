/**
 * The file-markup half of `POST /threads` and `PATCH /threads/:id/move-pin` (issue 17): threads.ts
 * hands a request here when its body says `isImageThread: true`, or when the thread to move is an
 * image, video or PDF thread. Kept apart so the webpage write path stays as it is.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../http/app-deps.ts';
import { forbidden, notFound, validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { readJson } from '../http/validate.ts';
import { type Caller, viewerOf } from '../domain/viewer.ts';
import { markupForCaller } from '../model/access.ts';
import { requireMessageBody } from '../model/messages.ts';
import { resolveAttachments, type AttachmentOwner } from '../model/attachments.ts';
import type { FileUrls } from '../model/file-urls.ts';
import { newThreadResponse, type ThreadRow } from '../model/threads.ts';
import { createAnnouncedFileThread, filePinTarget, moveFilePin, requireReady } from '../model/file-threads.ts';
import { findMarkup } from '../model/markups.ts';
import { resolveClipVideos, withThreadClips } from '../model/clip-videos.ts';
import { createFileThreadSchema, moveFilePinSchema, wrongThreadKind } from '../schemas/file-threads.ts';

/**
 * Whether the body asks for an image/PDF/video thread. The cheap text test first (webpage threads,
 * the hot path, never parse twice); a match is confirmed on the parsed body, so the words inside a
 * message's text do not count. Hono keeps the body text, so readJson reads it again for free.
 */
export async function isFileThreadRequest(c: Context): Promise<boolean> {
  const text = await c.req.text();
  if (!/"isImageThread"\s*:\s*true/.test(text)) return false;
  try {
    const value = JSON.parse(text) as { isImageThread?: unknown } | null;
    return typeof value === 'object' && value !== null && value.isImageThread === true;
  } catch {
    return false;
  }
}

export async function createFileThreadResponse(
  c: Context,
  deps: AppDeps,
  files: FileUrls,
  caller: Caller,
  owner: (caller: Caller, workspaceId: string) => AttachmentOwner,
) {
  const { db, clock } = deps;
  // A webpage markup is told to send a webpage thread, whatever else the body lacks (when it names one).
  const sent = JSON.parse(await c.req.text()) as { projectId?: unknown };
  const named = typeof sent.projectId === 'string' ? sent.projectId : caller.kind === 'exchange' ? caller.markupId : undefined;
  const peeked = named && isUuid(named) ? await markupForCaller(db, caller, named.toLowerCase()) : undefined;
  if (peeked?.type === 'webpage') throw wrongThreadKind('webpage');
  const input = await readJson(c, createFileThreadSchema);
  const markupId = input.projectId ?? (caller.kind === 'exchange' ? caller.markupId : undefined);
  if (!markupId)
    throw validationFailed('projectId: required when creating a thread with an API key', [{ path: 'projectId', message: 'required' }]);
  if (!isUuid(markupId)) throw notFound('Markup');
  const markup = peeked ?? (await markupForCaller(db, caller, markupId.toLowerCase()));
  if (markup.type === 'webpage') throw wrongThreadKind('webpage');
  if (markup.read_only) throw forbidden('New comments are paused on this markup (it is read-only)');
  requireReady(markup);
  const target = await filePinTarget(db, markup, input);
  const body = requireMessageBody(input);
  const fileIds = await resolveAttachments(db, owner(caller, markup.workspace_id), input);
  const clips = await resolveClipVideos(db, owner(caller, markup.workspace_id), input.clipVideos);
  const thread = { markupId: markup.id, workspaceId: markup.workspace_id, input, target, body, fileIds, now: clock.now() };
  const written = await withThreadClips(db, clips, thread.now, (on) => createAnnouncedFileThread(on, caller, clock, thread));
  return newThreadResponse(db, written, viewerOf(caller), files);
}

/** Move-pin of an image, video or PDF thread (the caller's right to move it is checked by threads.ts). */
export async function moveFilePinResponse(c: Context, deps: AppDeps, thread: ThreadRow) {
  const input = await readJson(c, moveFilePinSchema);
  const markup = await findMarkup(deps.db, thread.markup_id);
  if (!markup) throw notFound('Thread');
  return deps.db.transaction((tx) => moveFilePin(tx, thread, markup, input, deps.clock.now()));
}
