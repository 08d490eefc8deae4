/**
 * §4.4 markups: reading one, its tag lists (for @mentions) and view modes, pausing new comments
 * (read-only, §3), listing and searching a workspace's markups, renaming, deleting, and the
 * project-review extension. Creating lives in markup-create.ts and markup-file.ts, bulk move and
 * delete in markup-bulk.ts; they are mounted first so their fixed paths win over `/markups/:id`.
 * Decisions: docs/api-decisions.md, "Markups (§4.4)".
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { MarkupListResponse, MarkupSearchResponse, ViewModesResponse } from '../../src/api/wire.ts';
import { isoAt, queryOne } from '../db/db.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { noContent, ok } from '../http/envelope.ts';
import { forbidden, notFound } from '../domain/errors.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { actingUserId, markupForCaller } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { markupScopes, requireApiKey, requireWorkspaceReader } from '../domain/permissions.ts';
import { viewerOf } from '../domain/viewer.ts';
import { toMarkupResponse, toMarkupResponses, toProjectReview } from '../model/markup-responses.ts';
import { findMarkup, markupTags, setMarkupReadOnly, viewModesWithCounts } from '../model/markups.ts';
import { recordMarkupEvent } from '../model/events.ts';
import { fileUrls } from '../model/file-urls.ts';
import { deleteObjects } from '../model/file-cleanup.ts';
import { listMarkups, searchMarkups } from '../model/markup-list.ts';
import { deleteMarkups } from '../model/markup-writes.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import {
  createReviewSchema,
  DEFAULT_MARKUP_PAGE,
  listQuerySchema,
  readOnlySchema,
  renameMarkupSchema,
  searchQuerySchema,
} from '../schemas/markups.ts';
import { markupBulkRoutes } from './markup-bulk.ts';
import { markupCreateRoutes } from './markup-create.ts';
import { markupFileRoutes } from './markup-file.ts';

/** Only ids reach the `/markups/:id` writes, so other fixed paths (e.g. /markups/objectstore) are never taken for one. */
const ID = ':id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}';

export function markupRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);
  routes.route('/', markupFileRoutes(deps));
  routes.route('/', markupCreateRoutes(deps));
  routes.route('/', markupBulkRoutes(deps));

  routes.get('/markups/search', async (c) => {
    const caller = requireWorkspaceReader(callerOf(c));
    const query = readQuery(c, searchQuerySchema);
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    const rows = await searchMarkups(db, workspace.id, query.query, query.limit ?? DEFAULT_MARKUP_PAGE);
    const data = await toMarkupResponses(
      db,
      rows.map((markup) => ({ markup, scopes: markupScopes(caller, markup) })),
      files,
    );
    const body: MarkupSearchResponse = { data };
    return ok(c, body);
  });

  routes.get('/markups', async (c) => {
    const caller = requireWorkspaceReader(callerOf(c));
    const query = readQuery(c, listQuerySchema);
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    const page = await listMarkups(db, workspace.id, {
      limit: query.limit ?? DEFAULT_MARKUP_PAGE,
      since: query.since,
      before: query.before,
    });
    const data = await toMarkupResponses(
      db,
      page.rows.map((markup) => ({ markup, scopes: markupScopes(caller, markup) })),
      files,
    );
    const body: MarkupListResponse = { data, hasMore: page.hasMore, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
    return ok(c, body);
  });

  routes.get('/markups/:id', async (c) => {
    const caller = callerOf(c);
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    return ok(c, await toMarkupResponse(db, markup, markupScopes(caller, markup), files));
  });

  // Rename. No event: §2.7 has no type for it.
  routes.post(`/markups/${ID}`, async (c) => {
    const caller = requireApiKey(callerOf(c));
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    const { name } = await readJson(c, renameMarkupSchema);
    await db.query('UPDATE markups SET name = $2, modified_at = $3::timestamptz WHERE id = $1 AND deleted_at IS NULL AND name <> $2', [
      markup.id,
      name,
      isoAt(clock.now()),
    ]);
    const renamed = await findMarkup(db, markup.id);
    if (!renamed) throw notFound('Markup');
    return ok(c, await toMarkupResponse(db, renamed, markupScopes(caller, renamed), files));
  });

  routes.delete(`/markups/${ID}`, async (c) => {
    const caller = requireApiKey(callerOf(c));
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    const deleted = await db.transaction((tx) => deleteMarkups(tx, [markup.id], clock.now()));
    await deleteObjects(deps.storage, deleted.files, deps.log);
    return noContent(c);
  });

  // Extension (the spec has `projectReviews` and project_review_created but no endpoint): a
  // reviewer of this markup or an API key records a review, attributed like a comment.
  routes.post(`/markups/${ID}/reviews`, async (c) => {
    const caller = callerOf(c);
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    const { comment } = await readJson(c, createReviewSchema);
    const now = clock.now();
    const review = await db.transaction(async (tx) => {
      const userId = await actingUserId(tx, caller, markup.workspace_id, clock);
      const row = await queryOne<{ user_id: string; comment: string; created_at: Date }>(
        tx,
        `INSERT INTO markup_reviews (id, markup_id, user_id, comment, created_at)
         SELECT $1, id, $3, $4, $5::timestamptz FROM markups WHERE id = $2 AND deleted_at IS NULL
         RETURNING user_id, comment, created_at`,
        [randomUUID(), markup.id, userId, comment, isoAt(now)],
      );
      if (!row) throw notFound('Markup');
      const shown = toProjectReview(markup.id, row);
      await recordMarkupEvent(tx, {
        type: 'project_review_created',
        workspaceId: markup.workspace_id,
        occurredAt: now,
        markupId: markup.id,
        actorUserId: userId,
        extra: { review: shown },
      });
      return shown;
    });
    return ok(c, review, 201);
  });

  routes.get('/markups/:id/tag', async (c) => {
    const caller = callerOf(c);
    const markup = await markupForCaller(db, caller, pathId(c, 'id', 'Markup'));
    return ok(c, await markupTags(db, markup, viewerOf(caller)));
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
        await recordMarkupEvent(tx, {
          type: 'set_project_read_only',
          workspaceId: markup.workspace_id,
          occurredAt: now,
          markupId: markup.id,
          actorUserId: () => actingUserId(tx, caller, markup.workspace_id, deps.clock),
        });
      }
      return row;
    });
    if (!updated) throw forbidden("Pausing new comments is not part of this workspace's plan (pauseCommentsEnabled)");
    return ok(c, await toMarkupResponse(db, updated, markupScopes(caller, updated), files));
  });

  return routes;
}
