/**
 * Creating markups from JSON (§4.4): POST /markups/url and the bulk forms /bulk/from-url and
 * /bulk/from-files. Bulk calls are all or nothing: every item is checked inside the transaction
 * before anything is written, and every bad item is reported in one 422 (`details` paths
 * `items.<index>.<field>`). The multipart upload lives in markup-file.ts.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import type { ApiKeyCaller, MemberCaller } from '../domain/viewer.ts';
import { queryOne, type Db } from '../db/db.ts';
import { noContent, ok } from '../http/envelope.ts';
import { ApiError, validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { readJson } from '../http/validate.ts';
import { actingUserId } from '../model/access.ts';
import { markupScopes, reachesWorkspace, requireApiKey, requireWorkspaceManager } from '../domain/permissions.ts';
import { callerOf } from '../http/caller.ts';
import { fileUrls } from '../model/file-urls.ts';
import { attachMarkupFiles, createMarkup, fileMarkupReviewUrl, markupTypeOf } from '../model/markup-writes.ts';
import { defaultUrlName, placementFolder, webpageUrlProblem } from '../model/markup-targets.ts';
import { toMarkupResponse } from '../model/markup-responses.ts';
import type { MarkupRow } from '../model/markups.ts';
import { createFileMarkupFromUrl, namesSupportedFile } from './markup-url-file.ts';
import { workspaceForCaller, type WorkspaceRow } from '../model/workspaces.ts';
import {
  bulkFromFilesSchema,
  bulkFromUrlSchema,
  createFromUrlSchema,
  type CreateFromUrlInput,
  type FromFileItem,
} from '../schemas/markups.ts';

/** Runs `check` with its failures filed under `path` (an ApiError's own details keep their paths below it). */
async function under<T>(path: string, check: () => Promise<T> | T): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const details = error.details?.length ? error.details : [{ path: '', message: error.message }];
    throw new ApiError(
      422,
      'validation_failed',
      error.message,
      details.map((d) => ({ path: d.path.startsWith(path) ? d.path : path, message: d.message })),
    );
  }
}

/** Checks every item, collecting the refusals of all of them; throws one 422 when any was refused. */
async function checkAll<T, R>(items: T[], check: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const details: ErrorDetail[] = [];
  const checked: R[] = [];
  for (const [index, item] of items.entries()) {
    try {
      checked.push(await check(item, index));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      for (const d of error.details ?? [{ path: '', message: error.message }])
        details.push({ path: `items.${index}${d.path ? `.${d.path}` : ''}`, message: d.message });
    }
  }
  if (details.length > 0) {
    const first = details[0]!;
    throw validationFailed(
      `${first.path}: ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ''}; nothing was created`,
      details,
    );
  }
  return checked;
}

interface Placement {
  workspace: WorkspaceRow;
  folderId: string;
}

async function placement(
  tx: Db,
  caller: ApiKeyCaller | MemberCaller,
  item: { workspaceId?: string | undefined; parentFolderId?: string | undefined },
): Promise<Placement> {
  const workspace = await under('workspaceId', () => workspaceForCaller(tx, caller, item.workspaceId));
  const folderId = await under('parentFolderId', () => placementFolder(tx, workspace, item.parentFolderId));
  return { workspace, folderId };
}

function checkUrl(url: string): void {
  const problem = webpageUrlProblem(url);
  if (problem) throw validationFailed(`url ${problem}`, [{ path: 'url', message: problem }]);
}

interface UploadForMarkup {
  id: string;
  workspace_id: string;
  organization_id: string;
  resource_type: string;
  filename: string;
  content_type: string;
  completed_at: Date | null;
  used: boolean;
}

/** A completed markup_asset upload of the item's workspace that no markup uses yet (locked until commit). */
async function uploadForItem(
  tx: Db,
  caller: ApiKeyCaller | MemberCaller,
  item: FromFileItem,
  target: Placement,
  seen: Set<string>,
): Promise<UploadForMarkup> {
  const refuse = (message: string) => validationFailed(`fileId ${message}`, [{ path: 'fileId', message }]);
  const id = item.fileId.toLowerCase();
  const upload = isUuid(id)
    ? await queryOne<UploadForMarkup>(
        tx,
        `SELECT u.id, u.workspace_id, w.organization_id, u.resource_type, u.filename, u.content_type, u.completed_at,
           EXISTS (SELECT 1 FROM markup_assets a WHERE a.file_id = u.id) AS used
         FROM uploads u JOIN workspaces w ON w.id = u.workspace_id WHERE u.id = $1 FOR UPDATE OF u`,
        [id],
      )
    : undefined;
  if (!upload || !reachesWorkspace(caller, upload) || upload.workspace_id !== target.workspace.id)
    throw refuse('is not an upload of this workspace');
  if (upload.resource_type !== 'markup_asset')
    throw refuse(`is a ${upload.resource_type} upload; request the policy with resourceType markup_asset`);
  if (!upload.completed_at) throw refuse('is not completed yet: call POST /upload-complete first');
  if (upload.used) throw refuse('already belongs to a markup');
  if (seen.has(id)) throw refuse('is named by two items of this call');
  seen.add(id);
  return upload;
}

const stem = (filename: string) => filename.replace(/\.[^.]{1,10}$/, '').trim() || filename;

export function markupCreateRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  async function createFromUrl(
    tx: Db,
    caller: ApiKeyCaller | MemberCaller,
    input: CreateFromUrlInput,
    at: Placement,
    now: number,
  ): Promise<MarkupRow> {
    return createMarkup(tx, {
      workspaceId: at.workspace.id,
      folderId: at.folderId,
      type: 'webpage',
      name: input.name ?? defaultUrlName(input.url),
      url: input.url,
      // The reference server has no review app: the reviewed page itself is the review page.
      markupUrl: input.url,
      isReady: true,
      createdByUserId: await actingUserId(tx, caller, at.workspace.id, clock),
      now,
    });
  }

  routes.post('/markups/url', async (c) => {
    const caller = requireWorkspaceManager(callerOf(c));
    const input = await readJson(c, createFromUrlSchema);
    if (namesSupportedFile(input.url)) {
      const file = await createFileMarkupFromUrl(deps, caller, input);
      return ok(c, await toMarkupResponse(db, file, markupScopes(caller, file), fileUrls(deps.storage, clock)));
    }
    checkUrl(input.url);
    const markup = await db.transaction(async (tx) => {
      const workspace = await workspaceForCaller(tx, caller, input.workspaceId);
      const folderId = await placementFolder(tx, workspace, input.parentFolderId);
      return createFromUrl(tx, caller, input, { workspace, folderId }, clock.now());
    });
    return ok(c, await toMarkupResponse(db, markup, markupScopes(caller, markup), fileUrls(deps.storage, clock)));
  });

  routes.post('/markups/bulk/from-url', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const { items } = await readJson(c, bulkFromUrlSchema);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const placements = await checkAll(items, async (item) => {
        const at = await placement(tx, caller, item);
        checkUrl(item.url);
        return at;
      });
      for (const [i, item] of items.entries()) await createFromUrl(tx, caller, item, placements[i]!, now);
    });
    return noContent(c);
  });

  routes.post('/markups/bulk/from-files', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const { items } = await readJson(c, bulkFromFilesSchema);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const seen = new Set<string>();
      const checked = await checkAll(items, async (item) => {
        const at = await placement(tx, caller, item);
        return { at, upload: await uploadForItem(tx, caller, item, at, seen) };
      });
      for (const [i, item] of items.entries()) {
        const { at, upload } = checked[i]!;
        const id = randomUUID();
        await createMarkup(tx, {
          id,
          workspaceId: at.workspace.id,
          folderId: at.folderId,
          type: markupTypeOf(upload.content_type),
          name: item.name ?? stem(upload.filename),
          url: null,
          markupUrl: fileMarkupReviewUrl(deps.config.publicUrl, id),
          originalMimeType: upload.content_type,
          isReady: false,
          createdByUserId: await actingUserId(tx, caller, at.workspace.id, clock),
          now,
        });
        await attachMarkupFiles(tx, id, [{ uploadId: upload.id, contentType: upload.content_type }], now);
      }
    });
    return noContent(c);
  });
  return routes;
}
