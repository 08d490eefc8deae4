/**
 * What the `GET /threads` response cache needs besides the LRU itself (server/http/response-cache.ts):
 * the markup's content version (migration 0012 moves it on every committed change to anything a
 * thread response shows), read together with the access check, and a key naming everything else a
 * response depends on — the query, the viewer and the signed-URL window.
 *
 * A key names one exact body, in any process sharing the database, so its hash doubles as a strong
 * ETag. The same query also confirms a credential the caller middleware reused (server/http/caller.ts).
 */
import { createHash } from 'node:crypto';
import { confirmCallerSql, credentialId, isUnconfirmed, revokedCredential } from './credential-check.ts';
import type { Caller, Viewer } from '../domain/viewer.ts';
import { reachesWorkspace } from '../domain/permissions.ts';
import { queryOne, type Db } from '../db/db.ts';
import { notFound } from '../domain/errors.ts';
import type { ListThreadsParams } from './thread-list.ts';
import { READ_URL_WINDOW_SECONDS } from '../domain/upload-rules.ts';

/** Bumped when the body's shape changes, so clients holding an old ETag are not told "unchanged". */
const FORMAT = 1;

export interface VersionedMarkup {
  id: string;
  workspace_id: string;
  /** `markups.threads_version` as text (bigint). */
  version: string;
}

/**
 * The markup, with its threads version, if this caller may work on it; 404 otherwise. The same
 * rules as markupForCaller (server/model/access.ts), in one round trip instead of two: this
 * is the only query a cached `GET /threads` makes besides authentication.
 */
export async function markupVersionForCaller(db: Db, caller: Caller, markupId: string): Promise<VersionedMarkup> {
  // A caller reused from the recent-credential cache (server/http/caller.ts) is confirmed here, first, so a
  // revoked credential gets the same 401 as a fresh lookup would give it.
  const confirm = isUnconfirmed(caller);
  if (!confirm && caller.kind === 'exchange' && caller.markupId !== markupId) throw notFound('Markup');
  const row = await queryOne<Partial<VersionedMarkup> & { organization_id: string | null; credential_ok: boolean }>(
    db,
    `SELECT ${confirm ? confirmCallerSql(caller, 2) : 'true'} AS credential_ok,
       m.id, m.workspace_id, w.organization_id, m.threads_version::text AS version
     FROM (SELECT 1) AS one
     LEFT JOIN (markups m JOIN workspaces w ON w.id = m.workspace_id AND w.deleted_at IS NULL) ON m.id = $1 AND m.deleted_at IS NULL`,
    confirm ? [markupId, credentialId(caller)] : [markupId],
  );
  if (!row?.credential_ok) throw revokedCredential(caller);
  if (caller.kind === 'exchange' && caller.markupId !== markupId) throw notFound('Markup');
  if (!row.id || !row.workspace_id || !row.organization_id || row.version === undefined) throw notFound('Markup');
  const reach = { workspace_id: row.workspace_id, organization_id: row.organization_id };
  if (!reachesWorkspace(caller, reach)) throw notFound('Markup');
  return { id: row.id, workspace_id: row.workspace_id, version: row.version };
}

/** The markup's threads version now (undefined once the markup is gone). */
export async function threadsVersion(db: Db, markupId: string): Promise<string | undefined> {
  return (await queryOne<{ version: string }>(db, 'SELECT threads_version::text AS version FROM markups WHERE id = $1', [markupId]))
    ?.version;
}

/**
 * The signed-URL window of server/model/file-urls.ts: every URL a response embeds is signed as of
 * the window's start, so within one window the same data gives the same bytes.
 */
export function readUrlWindow(now: number): number {
  return Math.floor(now / (READ_URL_WINDOW_SECONDS * 1000));
}

export interface ThreadListKeyParts {
  version: string;
  params: ListThreadsParams;
  viewer: Viewer;
  window: number;
}

/**
 * Everything a `GET /threads` body depends on. The viewer decides scopes, e-mail visibility and
 * userMetaData.lastSeenAt; every API key sees the same (viewerOf gives them no user).
 */
export function threadListKey({ version, params: p, viewer, window }: ThreadListKeyParts): string {
  const who = viewer.isApiKey ? 'api' : `user:${viewer.userId}${viewer.moderates ? ':moderator' : ''}`;
  return JSON.stringify([
    FORMAT,
    p.markupId,
    version,
    who,
    window,
    p.order,
    p.limit,
    p.offset ?? null,
    p.cursorId ?? null,
    p.resolved ?? null,
    p.viewMode ?? null,
    p.q ?? null,
    p.withThreadOrMessageId ?? null,
    p.authorUserId ?? null,
  ]);
}

/** A strong ETag for a key (hashed: the key holds a user id). */
export function etagOf(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
