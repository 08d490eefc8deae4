/**
 * Reading many markups of a workspace: GET /markups (newest first, keyset cursors) and
 * GET /markups/search. Both see every live markup of the workspace wherever it sits in the folder
 * tree (subfolders and the archive included; `status` tells archived ones apart). The cursor is
 * the position of a markup in the (createdAt DESC, id DESC) order, so a page never shifts when
 * markups are added or deleted elsewhere.
 */
import { isoAt, type Db } from '../db/db.ts';
import { badRequest } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { MARKUP_COLUMNS, type MarkupRow } from './markups.ts';

interface CursorKey {
  createdAt: number;
  id: string;
}

const FROM_LIVE = `FROM markups m JOIN workspaces w ON w.id = m.workspace_id WHERE m.workspace_id = $1 AND m.deleted_at IS NULL`;

/** Opaque to clients: base64url of `{w, t, i}` — bound to its workspace so it cannot be replayed elsewhere. */
export function encodeMarkupCursor(workspaceId: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify({ w: workspaceId, t: key.createdAt, i: key.id })).toString('base64url');
}

export function decodeMarkupCursor(raw: string, workspaceId: string, param: 'since' | 'before'): CursorKey {
  const refuse = () =>
    badRequest(`${param} is not a cursor of this list`, [{ path: param, message: 'damaged, or from another workspace' }]);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const v = value as { w?: unknown; t?: unknown; i?: unknown } | null;
  if (!v || v.w !== workspaceId || typeof v.t !== 'number' || !Number.isSafeInteger(v.t) || !isUuid(v.i)) throw refuse();
  return { createdAt: v.t, id: v.i };
}

const keyOf = (row: MarkupRow): CursorKey => ({ createdAt: row.created_at.getTime(), id: row.id });

async function page(db: Db, workspaceId: string, dir: 'older' | 'newer', from: CursorKey | null, limit: number): Promise<MarkupRow[]> {
  const params: unknown[] = [workspaceId];
  let after = '';
  if (from) {
    params.push(isoAt(from.createdAt), from.id);
    after =
      dir === 'older'
        ? ` AND (m.created_at, m.id) < ($2::timestamptz, $3::uuid)`
        : ` AND (m.created_at, m.id) > ($2::timestamptz, $3::uuid)`;
  }
  params.push(limit);
  const order = dir === 'older' ? 'm.created_at DESC, m.id DESC' : 'm.created_at ASC, m.id ASC';
  return db.query<MarkupRow>(`SELECT ${MARKUP_COLUMNS} ${FROM_LIVE}${after} ORDER BY ${order} LIMIT $${params.length}`, params);
}

export interface MarkupPage {
  rows: MarkupRow[];
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * `since` continues towards older markups (the next page), `before` goes back towards newer ones
 * (the previous page); `hasMore` says whether the direction just taken goes on.
 */
export async function listMarkups(
  db: Db,
  workspaceId: string,
  input: { limit: number; since?: string | undefined; before?: string | undefined },
): Promise<MarkupPage> {
  const { limit } = input;
  let rows: MarkupRow[];
  let hasOlder: boolean;
  let hasNewer: boolean;
  if (input.before) {
    const from = decodeMarkupCursor(input.before, workspaceId, 'before');
    const newer = await page(db, workspaceId, 'newer', from, limit + 1);
    hasNewer = newer.length > limit;
    rows = newer.slice(0, limit).reverse();
    const last = rows[rows.length - 1];
    hasOlder = last ? (await page(db, workspaceId, 'older', keyOf(last), 1)).length > 0 : false;
  } else {
    const from = input.since ? decodeMarkupCursor(input.since, workspaceId, 'since') : null;
    const older = await page(db, workspaceId, 'older', from, limit + 1);
    hasOlder = older.length > limit;
    rows = older.slice(0, limit);
    const first = rows[0];
    hasNewer = first ? (await page(db, workspaceId, 'newer', keyOf(first), 1)).length > 0 : false;
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    hasMore: input.before ? hasNewer : hasOlder,
    nextCursor: hasOlder && last ? encodeMarkupCursor(workspaceId, keyOf(last)) : null,
    prevCursor: hasNewer && first ? encodeMarkupCursor(workspaceId, keyOf(first)) : null,
  };
}

/** Case-insensitive substring match on name or URL (no wildcards: `%` and `_` are plain characters). */
export async function searchMarkups(db: Db, workspaceId: string, query: string | undefined, limit: number): Promise<MarkupRow[]> {
  const text = query?.trim() ?? '';
  if (text === '') return page(db, workspaceId, 'older', null, limit);
  return db.query<MarkupRow>(
    `SELECT ${MARKUP_COLUMNS} ${FROM_LIVE}
       AND (strpos(lower(m.name), lower($2)) > 0 OR strpos(lower(coalesce(m.url, m.markup_url)), lower($2)) > 0)
     ORDER BY m.created_at DESC, m.id DESC LIMIT $3`,
    [workspaceId, text, limit],
  );
}
