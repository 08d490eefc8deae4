/**
 * §4.4 markup reads served so far: the markup itself, its tag lists (for @mentions) and its view
 * modes. The rest of §4.4 (create, rename, pause, delete, bulk) comes with the admin issue.
 */
import { Hono } from 'hono';
import type { ViewModesResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { ok } from '../http/envelope.ts';
import { pathId } from '../http/validate.ts';
import { callerOf, markupForCaller, markupScopes } from '../auth/permissions.ts';
import { markupTags, toMarkupResponse, viewModesWithCounts } from '../model/markups.ts';

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

  return routes;
}
