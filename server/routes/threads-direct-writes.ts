/**
 * The direct form of the two hottest writes (issue 15): `POST /threads` and
 * `POST /threads/:threadId/messages` for a request with nothing to look up beforehand — a valid
 * body without attachments, clips or mentions to check, from a caller whose workspace is known (an
 * exchange token, a member, a workspace API key). Instead of reading the markup (or thread) and
 * then writing, the write statement itself requires what the route would have checked: the markup
 * live, a webpage, not paused, in the caller's workspace (and the token's markup), the workspace
 * live. One statement instead of two.
 *
 * When the statement writes nothing, nothing happened, and the route runs its usual sequence,
 * which answers the same error it always did (404, 403, 422) in the same order, or writes (e.g.
 * inside a transaction when a webhook listens). So a request's answer is the same either way: this
 * only skips a read whose outcome the statement already knows. Every check the routes make before
 * writing must be here too, as a condition or as a reason to return undefined.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../http/app-deps.ts';
import { readJson } from '../http/validate.ts';
import { isUuid } from '../domain/ids.ts';
import { viewerOf, type Caller, type Viewer } from '../domain/viewer.ts';
import { createThreadSchema } from '../schemas/threads.ts';
import { createMessageSchema } from '../schemas/messages.ts';
import { refuseFileFieldsOnWebpage } from '../schemas/file-threads.ts';
import { messageBodyFrom, type MessageBody } from '../model/messages.ts';
import { createThread } from '../model/thread-writes.ts';
import { createReply, type WrittenReply } from '../model/comment-writes.ts';
import type { WrittenThread } from '../model/threads.ts';
import { writeAuthorOf } from '../model/users.ts';

/** The workspace a caller writes in, when it has exactly one (not an organization's API key). */
function callerWorkspace(caller: Caller): string | undefined {
  if (caller.kind === 'api_key') return caller.scope === 'workspace' ? (caller.workspaceId ?? undefined) : undefined;
  return caller.workspaceId;
}

/** The parsed body, or undefined when parsing fails (the route then reads it again and answers the error). */
async function parsedBody<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

/** The message body when it needs no database check (no files, clips or sent mention ids); undefined otherwise. */
function plainBody(input: {
  message?: unknown;
  content?: string | undefined;
  mentionIds?: string[] | undefined;
  attachments?: unknown[] | undefined;
  clipVideos?: unknown[] | undefined;
}): MessageBody | undefined {
  if ((input.attachments?.length ?? 0) > 0 || (input.clipVideos?.length ?? 0) > 0) return undefined;
  if (input.message === undefined && (input.mentionIds?.length ?? 0) > 0) return undefined;
  try {
    return messageBodyFrom(input as Parameters<typeof messageBodyFrom>[0]);
  } catch {
    return undefined;
  }
}

/** A new webpage thread written in one statement, or undefined: the route then does it step by step. */
export async function createThreadDirectly(c: Context, deps: AppDeps, caller: Caller): Promise<WrittenThread | undefined> {
  const workspaceId = callerWorkspace(caller);
  if (!workspaceId) return undefined;
  const input = await parsedBody(() => readJson(c, createThreadSchema));
  if (!input || input.isImageThread) return undefined;
  const markupId = (input.projectId ?? (caller.kind === 'exchange' ? caller.markupId : undefined))?.toLowerCase();
  if (!markupId || !isUuid(markupId) || (caller.kind === 'exchange' && caller.markupId !== markupId)) return undefined;
  try {
    refuseFileFieldsOnWebpage(input);
  } catch {
    return undefined;
  }
  const body = plainBody(input);
  if (!body) return undefined;
  return createThread(deps.db, {
    markupId,
    author: writeAuthorOf(caller),
    input,
    body,
    fileIds: [],
    now: deps.clock.now(),
    unlessSubscribed: { workspaceId, type: 'comment_created' },
    reachableIn: { workspaceId },
  });
}

/** A reply written in one statement, with the viewer its answer is for, or undefined: the route then does it step by step. */
export async function replyDirectly(
  c: Context,
  deps: AppDeps,
  caller: Caller,
): Promise<{ written: WrittenReply; viewer: Viewer } | undefined> {
  const workspaceId = callerWorkspace(caller);
  const threadId = c.req.param('threadId');
  if (!workspaceId || !threadId || !isUuid(threadId)) return undefined;
  const input = await parsedBody(() => readJson(c, createMessageSchema));
  const body = input && plainBody(input);
  if (!body) return undefined;
  const viewer = viewerOf(caller);
  const written = await createReply(deps.db, {
    threadId: threadId.toLowerCase(),
    author: writeAuthorOf(caller),
    body,
    fileIds: [],
    now: deps.clock.now(),
    viewerUserId: viewer.userId,
    unlessSubscribed: { workspaceId, type: 'comment_reply_created' },
    reachableIn: { workspaceId, ...(caller.kind === 'exchange' ? { markupId: caller.markupId } : {}) },
  });
  return written ? { written, viewer } : undefined;
}
