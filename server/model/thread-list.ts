/**
 * GET /threads: filters, the seven ThreadOrder values and keyset pagination. The opaque cursorId
 * carries the sort key of the last thread returned, so pages stay stable while threads are added
 * or removed elsewhere in the list; `offset`/`total` are reported alongside for clients that count.
 * The page and the total come back in one query as one JSON text (the list is the server's hottest
 * read; see bench/server-latency.ts).
 */
import type { ThreadOrder } from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { badRequest } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { THREAD_COLUMNS, type ThreadRow } from './threads.ts';

type KeyKind = 'int' | 'text' | 'time';
interface SortKey {
  expr: string;
  dir: 'ASC' | 'DESC';
  kind: KeyKind;
}

const NUMBER_ASC: SortKey = { expr: 't.number', dir: 'ASC', kind: 'int' };
const NUMBER_DESC: SortKey = { expr: 't.number', dir: 'DESC', kind: 'int' };

/** Every order ends with the thread number, unique per markup, so the order is total. */
const ORDERS: Record<ThreadOrder, SortKey[]> = {
  pin_asc: [NUMBER_ASC],
  pin_desc: [NUMBER_DESC],
  page: [{ expr: 't.canonical_url', dir: 'ASC', kind: 'text' }, NUMBER_ASC],
  activity: [{ expr: 't.last_activity_at', dir: 'DESC', kind: 'time' }, NUMBER_DESC],
  timestamp: [{ expr: 't.created_at', dir: 'DESC', kind: 'time' }, NUMBER_DESC],
  // Threads without a priority come last in both directions (priorities are 0–1000).
  priority_asc: [{ expr: 'COALESCE(t.priority, 2147483647)', dir: 'ASC', kind: 'int' }, NUMBER_ASC],
  priority_desc: [{ expr: 'COALESCE(t.priority, -1)', dir: 'DESC', kind: 'int' }, NUMBER_ASC],
};

const CAST: Record<KeyKind, string> = { int: 'int', text: 'text', time: 'timestamptz' };

export interface ListThreadsParams {
  markupId: string;
  order: ThreadOrder;
  limit: number;
  offset?: number | undefined;
  cursorId?: string | undefined;
  resolved?: boolean | undefined;
  viewMode?: string | undefined;
  q?: string | undefined;
  withThreadOrMessageId?: string | undefined;
  /** Issue 18: a guest sees only the threads they started. */
  authorUserId?: string | undefined;
}

export interface ThreadPage {
  rows: ThreadRow[];
  offset: number;
  total: number;
  cursorId: string | null;
}

type KeyValue = number | string;
interface Cursor {
  m: string;
  o: ThreadOrder;
  k: KeyValue[];
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(value: string, markupId: string, order: ThreadOrder): Cursor {
  const invalid = badRequest('cursorId is not valid for this query (it belongs to another markup or order, or is damaged)', [
    { path: 'cursorId', message: 'invalid cursor' },
  ]);
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw invalid;
  }
  const keys = ORDERS[order];
  if (!cursor || cursor.m !== markupId || cursor.o !== order || !Array.isArray(cursor.k) || cursor.k.length !== keys.length) throw invalid;
  keys.forEach((key, i) => {
    const v = cursor.k[i];
    const okay =
      key.kind === 'int'
        ? Number.isInteger(v)
        : key.kind === 'text'
          ? typeof v === 'string'
          : typeof v === 'string' && !Number.isNaN(Date.parse(v));
    if (!okay) throw invalid;
  });
  return cursor;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `(k1, k2, …) comes after (v1, v2, …)` in this order, as SQL. */
function afterCondition(keys: SortKey[], values: KeyValue[], params: unknown[]): string {
  const placeholders = values.map((v, i) => {
    params.push(v);
    return `$${params.length}::${CAST[keys[i]!.kind]}`;
  });
  const alternatives = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => `${k.expr} = ${placeholders[j]}`);
    const beyond = `${key.expr} ${key.dir === 'ASC' ? '>' : '<'} ${placeholders[i]}`;
    return `(${[...equal, beyond].join(' AND ')})`;
  });
  return `(${alternatives.join(' OR ')})`;
}

function keyValue(kind: KeyKind, value: unknown): KeyValue {
  if (kind === 'time') return new Date(value as number).toISOString();
  return value as KeyValue;
}

/** Epoch milliseconds, truncated as the drivers truncate microseconds when they make a Date. */
const epochMs = (expr: string) => `floor(extract(epoch from ${expr}) * 1000)::float8`;

const TIME_COLUMNS = ['created_at', 'modified_at', 'last_activity_at'] as const;

/**
 * THREAD_COLUMNS with its timestamps as epoch milliseconds: the page travels as one JSON text,
 * which PGlite and pg decode far faster than the same rows field by field.
 */
const PAGE_COLUMNS = TIME_COLUMNS.reduce(
  (sql, column) => sql.replace(`t.${column},`, `${epochMs(`t.${column}`)} AS ${column},`),
  THREAD_COLUMNS,
);
if (TIME_COLUMNS.some((column) => !PAGE_COLUMNS.includes(`AS ${column}`))) throw new Error('THREAD_COLUMNS changed: update PAGE_COLUMNS');

type PageRow = ThreadRow & Record<string, unknown>;

function toThreadRow(row: Record<string, unknown>): PageRow {
  const out = { ...row } as Record<string, unknown>;
  for (const column of TIME_COLUMNS) out[column] = new Date(row[column] as number);
  delete out.position_in_page;
  return out as PageRow;
}

export async function listThreads(db: Db, p: ListThreadsParams): Promise<ThreadPage> {
  const keys = ORDERS[p.order];
  const params: unknown[] = [p.markupId];
  const where = ['t.markup_id = $1'];
  if (p.resolved !== undefined) {
    params.push(p.resolved);
    where.push(`t.resolved = $${params.length}`);
  }
  if (p.authorUserId !== undefined) {
    params.push(p.authorUserId);
    where.push(`t.author_user_id = $${params.length}`);
  }
  if (p.viewMode !== undefined) {
    params.push(p.viewMode);
    // File threads (image, video, PDF) have no view mode: a file looks the same on every device.
    where.push(`(t.view_mode_id = $${params.length} OR t.type <> 'webpage')`);
  }
  if (p.q !== undefined && p.q.trim() !== '') {
    params.push(`%${escapeLike(p.q.trim())}%`);
    where.push(`EXISTS (SELECT 1 FROM messages mq WHERE mq.thread_id = t.id AND mq.plain_text ILIKE $${params.length} ESCAPE '\\')`);
  }
  const filter = where.join(' AND ');
  const orderBy = keys.map((k) => `${k.expr} ${k.dir}`).join(', ');

  let pageFilter = filter;
  let pageParams = params;
  let skip = p.offset ?? 0;
  let offset = skip;
  if (p.cursorId) {
    const cursor = decodeCursor(p.cursorId, p.markupId, p.order);
    pageParams = [...params];
    const after = afterCondition(keys, cursor.k, pageParams);
    pageFilter = `${filter} AND ${after}`;
    skip = 0;
    offset =
      (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM threads t WHERE ${filter} AND NOT ${after}`, pageParams))?.n ?? 0;
  } else if (p.withThreadOrMessageId && p.offset === undefined && isUuid(p.withThreadOrMessageId)) {
    const position = await positionOf(db, filter, params, orderBy, p.withThreadOrMessageId);
    if (position !== undefined) skip = offset = Math.floor(position / p.limit) * p.limit;
  }

  // The page and the total in one round trip, as one JSON text (see PAGE_COLUMNS). The total
  // ignores the cursor condition; `filter`'s placeholders are a prefix of `pageParams`.
  const keyColumns = keys.map((k, i) => `${k.kind === 'time' ? epochMs(k.expr) : k.expr} AS sort_key_${i}`).join(', ');
  const [result] = await db.query<{ page: string }>(
    `SELECT json_build_object(
       'total', (SELECT count(*)::int FROM threads t WHERE ${filter}),
       'rows', (SELECT coalesce(json_agg(p ORDER BY p.position_in_page), '[]') FROM (
         SELECT ${PAGE_COLUMNS}, ${keyColumns}, row_number() OVER (ORDER BY ${orderBy}) AS position_in_page
         FROM threads t WHERE ${pageFilter} ORDER BY ${orderBy} LIMIT ${p.limit + 1} OFFSET ${skip}) p)
     )::text AS page`,
    pageParams,
  );
  const parsed = JSON.parse(result!.page) as { total: number; rows: Array<Record<string, unknown>> };
  const rows = parsed.rows.map(toThreadRow);
  const hasMore = rows.length > p.limit;
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  const cursorId =
    hasMore && last ? encodeCursor({ m: p.markupId, o: p.order, k: keys.map((k, i) => keyValue(k.kind, last[`sort_key_${i}`])) }) : null;
  return { rows: page, offset, total: parsed.total, cursorId };
}

/** Index of the thread (or the thread of the message) in the filtered, ordered list. */
async function positionOf(db: Db, filter: string, params: unknown[], orderBy: string, id: string): Promise<number | undefined> {
  const target = await queryOne<{ thread_id: string }>(
    db,
    `SELECT id AS thread_id FROM threads WHERE id = $1 UNION ALL SELECT thread_id FROM messages WHERE id = $1 LIMIT 1`,
    [id],
  );
  if (!target) return undefined;
  const ids = await db.query<{ id: string }>(`SELECT t.id FROM threads t WHERE ${filter} ORDER BY ${orderBy}`, params);
  const index = ids.findIndex((row) => row.id === target.thread_id);
  return index < 0 ? undefined : index;
}
