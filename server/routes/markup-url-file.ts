/**
 * POST /markups/url with a URL that leads to a supported file (issue 17; §4.4 "must lead to a
 * webpage or a supported file type"): the server fetches the file under the webhook address rules
 * (server/net/pinned-get.ts: public addresses only in production, this machine too in development),
 * within a size cap and a time limit, checks that its bytes are the type it claims, stores it like a
 * /markups/file upload and makes a file markup that conversion makes ready. markup-create.ts hands
 * a URL here when its last path segment names a supported file type.
 */
import { randomUUID } from 'node:crypto';
import { isoAt } from '../db/db.ts';
import type { AppDeps } from '../http/app-deps.ts';
import { ApiError, validationFailed } from '../domain/errors.ts';
import type { ApiKeyCaller, MemberCaller } from '../domain/viewer.ts';
import { MARKUP_FILE_MAX_BYTES, normalizeContentType, UPLOAD_RULES, uploadKey } from '../domain/upload-rules.ts';
import { actingUserId } from '../model/access.ts';
import { openObjectSink, sniffMismatch, typeFromFilename, type ObjectSink, type StoredFile } from '../model/markup-file-store.ts';
import { attachMarkupFiles, createMarkup, fileMarkupReviewUrl, markupTypeOf } from '../model/markup-writes.ts';
import { defaultUrlName, placementFolder } from '../model/markup-targets.ts';
import type { MarkupRow } from '../model/markups.ts';
import { checkStorageQuota, formatBytes } from '../model/storage-quota.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import { FetchRefusedError, fetchVetted, type FetchedFile } from '../net/pinned-get.ts';
import { targetPolicy } from '../net/target-check.ts';
import { deleteQuietly } from '../storage/object-store.ts';
import type { CreateFromUrlInput } from '../schemas/markups.ts';

/** The cap and the time limit of one fetch (the whole of it, redirects included); tests shorten them. */
export const URL_FILE_LIMITS = { maxBytes: MARKUP_FILE_MAX_BYTES, timeoutMs: 60_000 };

const refuse = (message: string) => validationFailed(`url ${message}`, [{ path: 'url', message }]);
const tooLarge = () =>
  new ApiError(
    413,
    'payload_too_large',
    `url: the file is larger than ${formatBytes(URL_FILE_LIMITS.maxBytes)}; upload it with POST /api/v2/markups/objectstore`,
    [{ path: 'url', message: `at most ${URL_FILE_LIMITS.maxBytes} bytes` }],
  );

/** Whether the URL names a file type markups accept (then it is fetched rather than made a webpage markup). */
export function namesSupportedFile(raw: string): boolean {
  const segment = new URL(raw).pathname.split('/').pop() ?? '';
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // A broken escape: judged as written.
  }
  return typeFromFilename(last) !== null;
}

/** The type the answer is: its Content-Type, or (when that says nothing) the file name's. */
function typeOf(fetched: FetchedFile): string {
  const declared = fetched.contentType ? normalizeContentType(fetched.contentType) : '';
  if (declared !== '' && declared !== 'application/octet-stream' && declared !== 'binary/octet-stream') return declared;
  return typeFromFilename(decodeURIComponent(fetched.url.pathname.split('/').pop() ?? '')) ?? declared;
}

/** Streams the answer into the store: counted against the cap, its first bytes checked against its type. */
async function store(deps: AppDeps, fetched: FetchedFile, key: string, contentType: string, fileId: string): Promise<StoredFile> {
  let sink: ObjectSink | null = null;
  let head = Buffer.alloc(0);
  let size = 0;
  const open = async () => {
    const problem = sniffMismatch(contentType, head);
    if (problem) throw refuse(`answered a file that ${problem}: neither a webpage nor a supported file`);
    sink = await openObjectSink(deps.storage, key, contentType, { 'file-id': fileId, 'resource-type': 'markup_asset' });
    await sink.write(head);
  };
  try {
    for await (const chunk of fetched.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > URL_FILE_LIMITS.maxBytes) throw tooLarge();
      if (sink) await (sink as ObjectSink).write(chunk);
      else {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 16) await open();
      }
    }
    if (!sink) {
      if (head.length === 0) throw refuse('answered an empty file');
      await open();
    }
    return await (sink as unknown as ObjectSink).commit();
  } catch (error) {
    fetched.body.destroy();
    await (sink as ObjectSink | null)?.abort();
    throw error;
  }
}

async function fetchFile(deps: AppDeps, url: URL, signal: AbortSignal): Promise<FetchedFile> {
  const policy = targetPolicy(deps.config.webhooks, deps.lookup);
  try {
    return await fetchVetted(url, policy, signal);
  } catch (error) {
    if (error instanceof FetchRefusedError) throw refuse(error.publicReason);
    if (signal.aborted) throw refuse(`did not answer within ${URL_FILE_LIMITS.timeoutMs / 1000} s`);
    throw refuse(`could not be fetched (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** Fetches the file, then creates the markup (isReady false) with its completed upload in one transaction. */
export async function createFileMarkupFromUrl(
  deps: AppDeps,
  caller: ApiKeyCaller | MemberCaller,
  input: CreateFromUrlInput,
): Promise<MarkupRow> {
  const { db, clock } = deps;
  const url = new URL(input.url);
  if (url.username || url.password) throw refuse('must not contain a user name or password');
  const workspace = await workspaceForCaller(db, caller, input.workspaceId);
  await placementFolder(db, workspace, input.parentFolderId);
  const signal = AbortSignal.timeout(URL_FILE_LIMITS.timeoutMs);
  const fetched = await fetchFile(deps, url, signal);
  const fileId = randomUUID();
  let stored: StoredFile;
  let contentType: string;
  try {
    if (fetched.status < 200 || fetched.status > 299) throw refuse(`answered HTTP ${fetched.status}`);
    contentType = typeOf(fetched);
    if (!UPLOAD_RULES.markup_asset.types.includes(contentType)) {
      throw refuse(
        `answered ${contentType || 'a file of no declared type'}, which is neither a webpage markup's page nor a supported file`,
      );
    }
    if (fetched.contentLength !== null && fetched.contentLength > URL_FILE_LIMITS.maxBytes) throw tooLarge();
    const filename = decodeURIComponent(fetched.url.pathname.split('/').pop() ?? '') || 'file';
    stored = await store(deps, fetched, uploadKey(workspace.id, 'markup_asset', fileId, filename), contentType, fileId);
  } catch (error) {
    fetched.body.destroy();
    if (signal.aborted && !(error instanceof ApiError)) throw refuse(`did not send the file within ${URL_FILE_LIMITS.timeoutMs / 1000} s`);
    throw error;
  }
  const now = clock.now();
  return db
    .transaction(async (tx) => {
      const folderId = await placementFolder(tx, workspace, input.parentFolderId);
      const userId = await actingUserId(tx, caller, workspace.id, clock);
      await checkStorageQuota(tx, deps.config.quotas, { workspaceId: workspace.id, userId: null, now }, stored.size, {
        path: 'url',
        what: `this file (${formatBytes(stored.size)})`,
      });
      const id = randomUUID();
      const created = await createMarkup(tx, {
        id,
        workspaceId: workspace.id,
        folderId,
        type: markupTypeOf(contentType),
        name: input.name ?? defaultUrlName(input.url),
        url: input.url,
        markupUrl: fileMarkupReviewUrl(deps.config.publicUrl, id),
        originalMimeType: contentType,
        isReady: false,
        createdByUserId: userId,
        now,
      });
      await tx.query(
        `INSERT INTO uploads (id, workspace_id, resource_type, resource_id, storage_key, filename, content_type, filesize, etag,
           created_by_user_id, created_at, completed_at)
         VALUES ($1, $2, 'markup_asset', $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz)`,
        [fileId, workspace.id, id, stored.key, stored.key.split('/').pop(), contentType, stored.size, stored.etag, userId, isoAt(now)],
      );
      await attachMarkupFiles(tx, id, [{ uploadId: fileId, contentType }], now);
      return created;
    })
    .catch(async (error: unknown) => {
      await deleteQuietly(deps.storage, [stored.key], (key, e) => deps.log.error(`Could not delete stored object ${key}`, e));
      throw error;
    });
}
