/**
 * POST /markups/bulk/move (API keys, and owners and admins in the review app) and /bulk/delete
 * (API keys) (§4.4): many markups in one transaction, all or
 * nothing. Every id is checked first; ids the key cannot reach (or that do not exist) are
 * reported in one 422 (`details` paths `markupIds.<index>`), so a typo never half-applies a batch.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import type { ApiKeyCaller, MemberCaller } from '../domain/viewer.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { noContent } from '../http/envelope.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { readJson } from '../http/validate.ts';
import { reachesWorkspace, requireApiKey, requireWorkspaceManager } from '../domain/permissions.ts';
import { callerOf } from '../http/caller.ts';
import { deleteObjects } from '../model/file-cleanup.ts';
import { deleteMarkups } from '../model/markup-writes.ts';
import { placementFolder } from '../model/markup-targets.ts';
import { bulkDeleteSchema, bulkMoveSchema } from '../schemas/markups.ts';

interface LockedMarkup {
  id: string;
  workspace_id: string;
  organization_id: string;
  status: string;
}

/**
 * The live markups named, locked, in the order given (repeats once); one 422 naming every id
 * that is unknown, out of the key's reach or refused by `refuse`.
 */
async function markupsForBulk(
  tx: Db,
  caller: ApiKeyCaller | MemberCaller,
  ids: string[],
  refuse: (m: LockedMarkup) => string | null = () => null,
): Promise<LockedMarkup[]> {
  const wanted = ids.map((id) => id.toLowerCase());
  const rows = await tx.query<LockedMarkup>(
    `SELECT m.id, m.workspace_id, w.organization_id, m.status FROM markups m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.id = ANY($1::uuid[]) AND m.deleted_at IS NULL AND w.deleted_at IS NULL ORDER BY m.id FOR UPDATE OF m`,
    [wanted.filter((id) => isUuid(id))],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: ErrorDetail[] = [];
  const found: LockedMarkup[] = [];
  const seen = new Set<string>();
  for (const [index, id] of wanted.entries()) {
    const row = byId.get(id);
    const problem = !row || !reachesWorkspace(caller, row) ? 'no such markup' : refuse(row);
    if (problem) details.push({ path: `markupIds.${index}`, message: problem });
    else if (!seen.has(id)) {
      seen.add(id);
      found.push(row!);
    }
  }
  if (details.length > 0) {
    const first = details[0]!;
    throw validationFailed(
      `${first.path}: ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ''}; nothing was changed`,
      details,
    );
  }
  return found;
}

export function markupBulkRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  // Owners and admins move markups in the review app as API keys do (docs/api-decisions.md, "Review app").
  routes.post('/markups/bulk/move', async (c) => {
    const caller = requireWorkspaceManager(callerOf(c));
    const input = await readJson(c, bulkMoveSchema);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const target = isUuid(input.targetFolderId)
        ? await queryOne<{ workspace_id: string; organization_id: string; root_folder_id: string }>(
            tx,
            `SELECT f.workspace_id, w.organization_id, w.root_folder_id FROM folders f JOIN workspaces w ON w.id = f.workspace_id
             WHERE f.id = $1 AND w.deleted_at IS NULL`,
            [input.targetFolderId.toLowerCase()],
          )
        : undefined;
      if (!target || !reachesWorkspace(caller, target)) {
        throw validationFailed('targetFolderId: no such folder', [
          { path: 'targetFolderId', message: 'not a live folder of the workspace' },
        ]);
      }
      const folderId = await placementFolder(
        tx,
        { id: target.workspace_id, root_folder_id: target.root_folder_id },
        input.targetFolderId,
        'targetFolderId',
      );
      const markups = await markupsForBulk(tx, caller, input.markupIds, (m) => {
        if (m.workspace_id !== target.workspace_id) return 'belongs to another workspace than targetFolderId';
        // Moving would take it out of the archive without restoring it (items' restore does that).
        if (m.status === 'archived') return 'is archived: restore it with PATCH /items/restore';
        return null;
      });
      await tx.query(`UPDATE markups SET folder_id = $2, modified_at = $3::timestamptz WHERE id = ANY($1::uuid[]) AND folder_id <> $2`, [
        markups.map((m) => m.id),
        folderId,
        isoAt(now),
      ]);
    });
    return noContent(c);
  });

  routes.post('/markups/bulk/delete', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const input = await readJson(c, bulkDeleteSchema);
    const deleted = await db.transaction(async (tx) => {
      const markups = await markupsForBulk(tx, caller, input.markupIds);
      return deleteMarkups(
        tx,
        markups.map((m) => m.id),
        clock.now(),
      );
    });
    await deleteObjects(deps.storage, deleted.files, deps.log);
    return noContent(c);
  });

  return routes;
}
