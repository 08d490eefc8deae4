/**
 * GET /items/:id/items (§4.5): the folders and markups directly inside a folder, folders first,
 * each group in the asked order, by page (offset) or by keyset cursor (`since` = the page after,
 * `before` = the page before). Keyset cursors keep a page from shifting when items are added or
 * removed elsewhere in the folder. Decisions: docs/api-decisions.md, "Items (§4.5)".
 */
import type { FolderItemOrder, FolderItemResponse, ListFolderItemsResponse, MarkupItemResponse } from '../../src/api/wire.ts';
import type { Caller } from '../domain/viewer.ts';
import { queryOne, type Db } from '../db/db.ts';
import { badRequest } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { DEFAULT_ITEMS_LIMIT, type ListItemsInput } from '../schemas/items.ts';
import { findFolder, toFolderItem } from './folders.ts';
import { markupItem } from './items.ts';
import type { FileUrls } from './file-urls.ts';

interface Key {
  /** 0 for folders, 1 for markups: folders always come first. */
  r: number;
  /** The order's sort value as text (a lowercased name, or epoch microseconds). */
  k: string;
  i: string;
}

interface Cursor extends Key {
  f: string;
  o: FolderItemOrder;
}

const DEFAULT_ORDER: FolderItemOrder = 'az';

/** Per order: the sort value, its SQL type, and whether it runs descending. */
const ORDERS: Record<FolderItemOrder, { key: string; type: 'text' | 'bigint'; desc: boolean }> = {
  az: { key: 'lower(c.name)', type: 'text', desc: false },
  za: { key: 'lower(c.name)', type: 'text', desc: true },
  created: { key: '(extract(epoch FROM c.created_at) * 1000000)::bigint', type: 'bigint', desc: true },
  activity: { key: '(extract(epoch FROM c.activity_at) * 1000000)::bigint', type: 'bigint', desc: true },
};

// A folder's activity is its own modification; a markup's the later of its own and its threads' latest.
const CHILDREN = `
  SELECT 0 AS rank, f.id, f.name, f.created_at, f.modified_at AS activity_at FROM folders f
   WHERE f.parent_id = $1 AND f.deleted_at IS NULL
  UNION ALL
  SELECT 1 AS rank, m.id, m.name, m.created_at,
         GREATEST(m.modified_at, (SELECT max(t.last_activity_at) FROM threads t WHERE t.markup_id = m.id)) AS activity_at
    FROM markups m WHERE m.folder_id = $1 AND m.deleted_at IS NULL`;

function encodeCursor(folderId: string, order: FolderItemOrder, key: Key): string {
  const cursor: Cursor = { f: folderId, o: order, ...key };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, folderId: string, order: FolderItemOrder, param: 'since' | 'before'): Key {
  const refuse = () => badRequest(`${param} is not a cursor of this folder and order`, [{ path: param, message: 'invalid cursor' }]);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const c = value as Partial<Cursor> | null;
  if (
    !c ||
    typeof c !== 'object' ||
    c.f !== folderId ||
    c.o !== order ||
    (c.r !== 0 && c.r !== 1) ||
    typeof c.k !== 'string' ||
    !isUuid(c.i)
  )
    throw refuse();
  if (ORDERS[order].type === 'bigint' && !/^-?\d{1,19}$/.test(c.k)) throw refuse();
  return { r: c.r, k: c.k, i: c.i };
}

/**
 * Up to `limit` keys strictly after (`forward`) or before `from` in listing order, nearest first;
 * without `from`, from the start, skipping `offset`.
 */
async function fetchKeys(
  db: Db,
  folderId: string,
  order: FolderItemOrder,
  dir: 'forward' | 'backward',
  from: Key | null,
  limit: number,
  offset = 0,
): Promise<Key[]> {
  const { key, type, desc } = ORDERS[order];
  const forward = dir === 'forward';
  // Within a group the key runs desc or asc; a backward walk flips every comparison and direction.
  const ascending = forward !== desc;
  const cmp = ascending ? '>' : '<';
  const rankCmp = forward ? '>' : '<';
  const dirSql = ascending ? 'ASC' : 'DESC';
  const params: unknown[] = [folderId];
  let where = '';
  if (from) {
    params.push(from.r, from.k, from.i);
    where = `WHERE x.rank ${rankCmp} $2::int OR (x.rank = $2::int AND (x.k, x.id) ${cmp} ($3::${type}, $4::uuid))`;
  }
  params.push(limit, offset);
  const rows = await db.query<{ rank: number; id: string; k: string }>(
    `WITH x AS (SELECT c.rank, c.id, ${key} AS k FROM (${CHILDREN}) c)
     SELECT x.rank, x.id, x.k::text AS k FROM x ${where}
     ORDER BY x.rank ${forward ? 'ASC' : 'DESC'}, x.k ${dirSql}, x.id ${dirSql}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map((row) => ({ r: Number(row.rank), k: row.k, i: row.id }));
}

async function loadItems(
  db: Db,
  caller: Caller,
  workspaceId: string,
  keys: Key[],
  files: FileUrls,
): Promise<Array<FolderItemResponse | MarkupItemResponse>> {
  const items: Array<FolderItemResponse | MarkupItemResponse | undefined> = [];
  // One at a time: the same code runs on a transaction handle elsewhere, a single connection.
  for (const key of keys) {
    if (key.r === 0) {
      const folder = await findFolder(db, workspaceId, key.i);
      items.push(folder ? toFolderItem(folder) : undefined);
    } else {
      items.push(await markupItem(db, caller, workspaceId, key.i, files));
    }
  }
  // An item deleted between the two reads is simply left out of this page.
  return items.filter((item): item is FolderItemResponse | MarkupItemResponse => item !== undefined);
}

export async function listFolderItems(
  db: Db,
  caller: Caller,
  folder: { id: string; workspace_id: string },
  input: ListItemsInput,
  files: FileUrls,
): Promise<ListFolderItemsResponse> {
  const order = input.order ?? DEFAULT_ORDER;
  const limit = input.limit ?? DEFAULT_ITEMS_LIMIT;
  let keys: Key[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (input.before) {
    const from = decodeCursor(input.before, folder.id, order, 'before');
    const back = await fetchKeys(db, folder.id, order, 'backward', from, limit + 1);
    hasPrev = back.length > limit;
    keys = back.slice(0, limit).reverse();
    const last = keys[keys.length - 1];
    hasNext = last ? (await fetchKeys(db, folder.id, order, 'forward', last, 1)).length > 0 : false;
  } else {
    const from = input.since ? decodeCursor(input.since, folder.id, order, 'since') : null;
    const offset = from ? 0 : ((input.page ?? 1) - 1) * limit;
    const ahead = await fetchKeys(db, folder.id, order, 'forward', from, limit + 1, offset);
    hasNext = ahead.length > limit;
    keys = ahead.slice(0, limit);
    const first = keys[0];
    hasPrev = first ? (await fetchKeys(db, folder.id, order, 'backward', first, 1)).length > 0 : false;
  }
  const total = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM (${CHILDREN}) c`, [folder.id]);
  const first = keys[0];
  const last = keys[keys.length - 1];
  return {
    data: await loadItems(db, caller, folder.workspace_id, keys, files),
    hasMore: input.before ? hasPrev : hasNext,
    nextCursor: hasNext && last ? encodeCursor(folder.id, order, last) : null,
    prevCursor: hasPrev && first ? encodeCursor(folder.id, order, first) : null,
    total: total?.n ?? 0,
  };
}
