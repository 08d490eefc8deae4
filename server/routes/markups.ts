/**
 * §4.4 served so far: the markup itself, its tag lists (for @mentions), its view modes, and pausing
 * new comments (read-only, §3). The rest of §4.4 (create, rename, delete, bulk) comes with the admin issue.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ViewModesResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { ok } from '../http/envelope.ts';
import { forbidden } from '../http/errors.ts';
import { pathId, readJson } from '../http/validate.ts';
import { actingUserId, callerOf, markupForCaller, markupScopes, requireApiKey } from '../auth/permissions.ts';
import { markupTags, setMarkupReadOnly, toMarkupResponse, viewModesWithCounts } from '../model/markups.ts';
import { markupEventData, recordEvent } from '../events/index.ts';

const readOnlySchema = z.object({ readOnly: z.boolean() });

export function markupRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db } = deps;

  routes.get('/markups/:id', async (c) => {
    const caller = callerOf(c);
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    return ok(c, await toMarkupResponse(db, markup, markupScopes(caller, markup)));
  });

  routes.get('/markups/:id/tag', async (c) => {
    const markup = await markupForCaller(db, callerOf(c), pathId(c, 'id', 'Markup'));
    return ok(c, await markupTags(db, markup));
  });

  routes.get('/markups/:id/view-modes', async (c) => {
    const markup = await markupForCaller(db, callerOf(c), pathId(c, 'id', 'Markup'));
    const body: ViewModesResponse = { viewModes: await viewModesWithCounts(db, markup.id) };
    return ok(c, body);
  });

  // §3: pausing needs the plan's pauseCommentsEnabled; resuming is always allowed.
  routes.patch('/markups/:id/read-only', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    const { readOnly } = await readJson(c, readOnlySchema);
    const now = deps.clock.now();
    const updated = await db.transaction(async (tx) => {
      // Locked, so of two concurrent requests only the one that flips the flag announces it.
      const before = await tx.query<{ read_only: boolean }>('SELECT read_only FROM markups WHERE id = $1 FOR UPDATE', [markup.id]);
      const row = await setMarkupReadOnly(tx, markup, readOnly, now);
      if (row && before[0]?.read_only !== row.read_only) {
        await recordEvent(tx, {
          type: 'set_project_read_only',
          workspaceId: markup.workspace_id,
          occurredAt: now,
          data: async () => markupEventData(tx, { markupId: markup.id, actorUserId: await actingUserId(tx, caller, markup.workspace_id, deps.clock) }),
        });
      }
      return row;
    });
    if (!updated) throw forbidden("Pausing new comments is not part of this workspace's plan (pauseCommentsEnabled)");
    return ok(c, await toMarkupResponse(db, updated, markupScopes(caller, updated)));
  });

  return routes;
}
