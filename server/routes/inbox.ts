/**
 * The review app's endpoints over threads (issue 16): `GET /inbox` (every thread of the caller's
 * workspace, filtered; a weak ETag, 304 while nothing changed: inbox-etag.ts), `PATCH /threads/:id/triage` (assignee, priority, labels) and
 * `POST /threads/:id/seen` and `POST /threads/:id/move` (to another markup). Reviewers on the widget
 * (exchange tokens) may mark what they have seen but not triage; members who only view may not
 * triage either; only owners, admins and API keys move threads.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { badRequest, forbidden } from '../domain/errors.ts';
import type { Caller } from '../domain/viewer.ts';
import { ok } from '../http/envelope.ts';
import { callerOf } from '../http/caller.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { listInbox } from '../model/inbox.ts';
import { markSeen, moveThread, updateTriage } from '../model/triage.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import { inboxQuerySchema, moveThreadSchema, triageSchema } from '../schemas/inbox.ts';
import { inboxNotModified } from './inbox-etag.ts';
import { threadForCaller } from './threads.ts';

function requireTriager(caller: Caller): void {
  if (caller.kind === 'exchange') throw forbidden('Reviewers cannot triage threads: sign in to the review app as a member');
  if (caller.kind === 'member' && caller.role === 'viewer')
    throw forbidden('Viewers cannot triage threads; ask an admin for the contributor role');
}

export function inboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  routes.get('/inbox', async (c) => {
    const caller = callerOf(c);
    if (caller.kind === 'exchange') throw forbidden('The inbox is for workspace members and API keys, not reviewers on one markup');
    const query = readQuery(c, inboxQuerySchema);
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    const unchanged = await inboxNotModified(c, db, caller, workspace.id, query);
    if (unchanged) return unchanged;
    return ok(
      c,
      await listInbox(db, { ...query, workspaceId: workspace.id, viewerUserId: caller.kind === 'member' ? caller.userId : null }),
    );
  });

  routes.patch('/threads/:id/triage', async (c) => {
    const caller = callerOf(c);
    requireTriager(caller);
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    const input = await readJson(c, triageSchema);
    return ok(c, await updateTriage(db, thread, input, clock.now(), caller.kind === 'member' ? caller.userId : null));
  });

  routes.post('/threads/:id/seen', async (c) => {
    const caller = callerOf(c);
    if (caller.kind === 'api_key') throw badRequest('An API key is nobody: only people mark threads seen');
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    return ok(c, await markSeen(db, thread.id, caller.userId, clock.now()));
  });

  routes.post('/threads/:id/move', async (c) => {
    const caller = callerOf(c);
    if (caller.kind === 'exchange' || (caller.kind === 'member' && caller.role !== 'owner' && caller.role !== 'admin'))
      throw forbidden('Only owners and admins of the workspace (or an API key) move threads between markups');
    const thread = await threadForCaller(db, caller, pathId(c, 'id', 'Thread'));
    const { markupId } = await readJson(c, moveThreadSchema);
    return ok(c, await db.transaction((tx) => moveThread(tx, thread, markupId, clock.now())));
  });

  return routes;
}
