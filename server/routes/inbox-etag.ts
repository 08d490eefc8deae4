/**
 * The review app's conditional reads (issue 16): weak ETags on `GET /inbox` and `GET /threads/:id`
 * from cheap version stamps, so the app's live refresh costs a 304 while nothing changed. Each tag
 * names the viewer (unread marks, scopes, e-mail visibility and "me" filters are per person), so
 * one member's tag never answers another's request. Decided: docs/api-decisions.md, "Review app".
 */
import type { Context } from 'hono';
import type { Db } from '../db/db.ts';
import type { Caller } from '../domain/viewer.ts';
import { viewerOf } from '../domain/viewer.ts';
import { notModified, weakEtag } from '../http/etag.ts';
import { inboxVersion } from '../model/inbox.ts';
import { readUrlWindow, threadsVersion } from '../model/thread-cache.ts';

/** Bumped when an answer's shape changes, so a tag from before never matches. */
const FORMAT = 1;

function who(caller: Caller): string {
  const viewer = viewerOf(caller);
  return viewer.isApiKey ? 'api' : `user:${viewer.userId}${viewer.moderates ? ':moderator' : ''}`;
}

/** A 304 for an unchanged inbox page (the stamp is read before the page, never after). */
export async function inboxNotModified(
  c: Context,
  db: Db,
  caller: Caller,
  workspaceId: string,
  query: object,
): Promise<Response | undefined> {
  return notModified(c, weakEtag([FORMAT, 'inbox', workspaceId, await inboxVersion(db, workspaceId), who(caller), query]));
}

/** A 304 for an unchanged thread: its markup's threads version, the viewer and the signed-URL window. */
export async function threadNotModified(
  c: Context,
  db: Db,
  caller: Caller,
  thread: { id: string; markup_id: string },
  now: number,
): Promise<Response | undefined> {
  const version = await threadsVersion(db, thread.markup_id);
  return notModified(c, weakEtag([FORMAT, 'thread', thread.id, version ?? null, who(caller), readUrlWindow(now)]));
}
