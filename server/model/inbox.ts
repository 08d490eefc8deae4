/**
 * The review app's inbox (issue 16): every thread of a workspace, newest activity first, with
 * filters that combine and a full-text search over messages. One statement: the matching threads
 * are counted and one page of them is read with what a row shows (title, last message, flags), so
 * the first screen of a 10 000-thread workspace costs one round trip.
 *
 * The cursor is the last row's (last_activity_at in microseconds, id): exact, and stable while
 * new activity lifts other threads to the top.
 */
import type { InboxPerson, InboxResponse, InboxThread } from '../../src/api/wire.ts';
import { parameterList, type Db } from '../db/db.ts';
import { badRequest } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { InboxInput } from '../schemas/inbox.ts';

/** The diagnostics file the widget attaches to a thread's first message (docs/api-decisions.md). */
export const DIAGNOSTICS_FILENAME = 'pinmark-diagnostics.json';
const DEFAULT_LIMIT = 50;
const TITLE_LENGTH = 200;

export interface InboxParams extends InboxInput {
  workspaceId: string;
  /** The signed-in member (or reviewer); null for API keys, which have no "me". */
  viewerUserId: string | null;
}

interface InboxRow {
  total: string | number;
  id: string;
  number: number;
  markup_id: string;
  markup_name: string;
  resolved: boolean;
  created_ms: number;
  activity_us: string;
  author_id: string;
  author_name: string;
  assignee_id: string | null;
  assignee_name: string | null;
  priority: number | null;
  labels: string[];
  canonical_url: string | null;
  view_mode_id: string | null;
  title: string | null;
  message_count: string | number;
  last_text: string | null;
  last_ms: number | null;
  last_author_id: string | null;
  last_author_name: string | null;
  has_screenshot: boolean;
  has_diagnostics: boolean;
  seen_ms: number | null;
}

/** `word:* & other:*` from the words of a search (letters and digits of any script), or null. */
export function prefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export function encodeCursor(activityMicros: string, id: string): string {
  return Buffer.from(JSON.stringify([activityMicros, id])).toString('base64url');
}

function decodeCursor(cursor: string): { micros: string; id: string } {
  try {
    const [micros, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof micros === 'string' && /^\d{1,19}$/.test(micros) && typeof id === 'string' && isUuid(id)) return { micros, id };
  } catch {
    /* answered below */
  }
  throw badRequest('cursorId is not a cursor this inbox gave out', [{ path: 'cursorId', message: 'unknown cursor' }]);
}

/** The caller's own user id for filters about "me"; a 400 for API keys, which are nobody. */
function me(p: InboxParams, filter: string): string {
  if (!p.viewerUserId)
    throw badRequest(`${filter} needs a signed-in member; an API key is nobody`, [{ path: filter, message: 'needs a member' }]);
  return p.viewerUserId;
}

/** The WHERE conditions for the filters, with their parameters added to `add`. */
function conditions(p: InboxParams, add: (value: unknown) => string): string[] | null {
  const where = [`m.workspace_id = ${add(p.workspaceId)}`, 'm.deleted_at IS NULL'];
  const status = p.status ?? 'open';
  if (status !== 'all') where.push(status === 'open' ? 'NOT t.resolved' : 't.resolved');
  // A malformed id can name nothing: no rows rather than an error, as for an unknown one.
  for (const id of [p.markupId, p.authorId]) if (id !== undefined && !isUuid(id)) return null;
  if (p.markupId) where.push(`t.markup_id = ${add(p.markupId.toLowerCase())}`);
  if (p.authorId) where.push(`t.author_user_id = ${add(p.authorId.toLowerCase())}`);
  if (p.url) where.push(`starts_with(t.canonical_url, ${add(p.url)})`);
  if (p.assignee === 'none') where.push('t.assignee_user_id IS NULL');
  else if (p.assignee === 'me') where.push(`t.assignee_user_id = ${add(me(p, 'assignee'))}`);
  else if (p.assignee !== undefined) {
    if (!isUuid(p.assignee)) return null;
    where.push(`t.assignee_user_id = ${add(p.assignee.toLowerCase())}`);
  }
  if (p.mentionsMe)
    where.push(`EXISTS (SELECT 1 FROM messages mm WHERE mm.thread_id = t.id AND mm.mention_ids ? ${add(me(p, 'mentionsMe'))})`);
  if (p.unread !== undefined) {
    const viewer = add(me(p, 'unread'));
    const unread = `(NOT EXISTS (SELECT 1 FROM thread_reads r WHERE r.thread_id = t.id AND r.user_id = ${viewer} AND r.last_seen_at >= t.last_activity_at)
      AND (SELECT lm.author_user_id FROM messages lm WHERE lm.thread_id = t.id ORDER BY lm.seq DESC LIMIT 1) IS DISTINCT FROM ${viewer}::uuid)`;
    where.push(p.unread ? unread : `NOT ${unread}`);
  }
  if (p.hasScreenshot !== undefined) {
    where.push(`${p.hasScreenshot ? '' : 'NOT '}EXISTS (SELECT 1 FROM thread_screenshots s WHERE s.thread_id = t.id)`);
  }
  if (p.hasDiagnostics !== undefined) {
    where.push(`${p.hasDiagnostics ? '' : 'NOT '}EXISTS (SELECT 1 FROM messages dm JOIN message_attachments da ON da.message_id = dm.id
      WHERE dm.thread_id = t.id AND da.original_filename = ${add(DIAGNOSTICS_FILENAME)})`);
  }
  if (p.device) where.push(`t.view_mode_id = ${add(p.device)}`);
  if (p.label) where.push(`EXISTS (SELECT 1 FROM unnest(t.labels) l WHERE lower(l) = lower(${add(p.label)}))`);
  if (p.from !== undefined) where.push(`t.created_at >= 'epoch'::timestamptz + ${add(p.from)}::bigint * interval '1 millisecond'`);
  if (p.to !== undefined) where.push(`t.created_at < 'epoch'::timestamptz + ${add(p.to)}::bigint * interval '1 millisecond'`);
  const q = p.q?.trim();
  const number = q ? /^#(\d{1,9})$/.exec(q) : null;
  if (number) where.push(`t.number = ${add(Number(number[1]))}`);
  else if (q) {
    const query = prefixQuery(q);
    if (query) {
      where.push(`EXISTS (SELECT 1 FROM messages qm WHERE qm.thread_id = t.id
        AND to_tsvector('simple', qm.plain_text) @@ to_tsquery('simple', ${add(query)}))`);
    }
  }
  return where;
}

const person = (id: string | null, name: string | null): InboxPerson | null => (id ? { id, name: name ?? '' } : null);

function toInboxThread(row: InboxRow, viewerUserId: string | null): InboxThread {
  const count = Number(row.message_count);
  const lastActivityAt = Math.floor(Number(row.activity_us) / 1000);
  const seen = row.seen_ms === null ? null : Number(row.seen_ms);
  return {
    id: row.id,
    number: row.number,
    markupId: row.markup_id,
    markupName: row.markup_name,
    resolved: row.resolved,
    createdAt: Number(row.created_ms),
    lastActivityAt,
    author: { id: row.author_id, name: row.author_name },
    assignee: person(row.assignee_id, row.assignee_name),
    priority: row.priority,
    labels: row.labels ?? [],
    canonicalUrl: row.canonical_url ?? '',
    viewModeId: row.view_mode_id ?? '',
    title: row.title ?? '',
    messageCount: count,
    lastMessage:
      count > 1 && row.last_author_id
        ? {
            author: { id: row.last_author_id, name: row.last_author_name ?? '' },
            excerpt: row.last_text ?? '',
            createdAt: Number(row.last_ms),
          }
        : null,
    hasScreenshot: row.has_screenshot,
    hasDiagnostics: row.has_diagnostics,
    // Activity after the viewer last looked, unless the newest message is the viewer's own.
    unread: viewerUserId !== null && row.last_author_id !== viewerUserId && (seen === null || seen < lastActivityAt),
    userMetaData: { lastSeenAt: seen },
  };
}

/**
 * A stamp that moves whenever any inbox answer of the workspace may change: every committed change
 * to a thread, message, read mark, member or author moves its markup's threads version (migration
 * 0012), which only grows, so their sum moves; renames, archiving and deletions of markups move
 * their modified_at and the live count. One aggregate over the workspace's markups (an index scan),
 * not over its threads.
 */
export async function inboxVersion(db: Db, workspaceId: string): Promise<string> {
  const row = await db.query<{ stamp: string }>(
    `SELECT concat_ws(':', count(*) FILTER (WHERE deleted_at IS NULL), coalesce(sum(threads_version), 0),
       floor(extract(epoch FROM max(modified_at)) * 1000000)) AS stamp
     FROM markups WHERE workspace_id = $1`,
    [workspaceId],
    { prepare: true },
  );
  return row[0]?.stamp ?? '';
}

export async function listInbox(db: Db, p: InboxParams): Promise<InboxResponse> {
  const { values, add } = parameterList();
  const where = conditions(p, add);
  if (!where) return { threads: [], total: 0, cursorId: null };
  const limit = p.limit ?? DEFAULT_LIMIT;
  const cursor = p.cursorId ? decodeCursor(p.cursorId) : null;
  const filter = where.join(' AND ');
  // The page walks threads_activity_idx newest first and stops after limit + 1 matches; the count
  // is its own subquery, so the sort never has to see every match.
  const after = cursor
    ? `AND (t.last_activity_at, t.id) < ('epoch'::timestamptz + ${add(cursor.micros)}::bigint * interval '1 microsecond', ${add(cursor.id)}::uuid)`
    : '';
  const viewer = add(p.viewerUserId);
  const rows = await db.query<InboxRow>(
    `WITH page AS (
       SELECT t.id, t.last_activity_at, (extract(epoch FROM t.last_activity_at) * 1000000)::bigint AS activity_us
       FROM threads t JOIN markups m ON m.id = t.markup_id
       WHERE ${filter} ${after}
       ORDER BY t.last_activity_at DESC, t.id DESC LIMIT ${add(limit + 1)}
     )
     SELECT (SELECT count(*) FROM threads t JOIN markups m ON m.id = t.markup_id WHERE ${filter}) AS total, t.id, t.number, t.markup_id, mk.name AS markup_name, t.resolved,
       floor(extract(epoch FROM t.created_at) * 1000)::float8 AS created_ms, page.activity_us::text AS activity_us,
       au.id AS author_id, au.name AS author_name, asg.id AS assignee_id, asg.name AS assignee_name,
       t.priority, t.labels, t.canonical_url, t.view_mode_id,
       (SELECT left(fm.plain_text, ${TITLE_LENGTH}) FROM messages fm WHERE fm.thread_id = t.id ORDER BY fm.seq LIMIT 1) AS title,
       (SELECT count(*) FROM messages cm WHERE cm.thread_id = t.id) AS message_count,
       last.text AS last_text, last.ms AS last_ms, last.author_id AS last_author_id, last.author_name AS last_author_name,
       EXISTS (SELECT 1 FROM thread_screenshots s WHERE s.thread_id = t.id) AS has_screenshot,
       EXISTS (SELECT 1 FROM messages dm JOIN message_attachments da ON da.message_id = dm.id
               WHERE dm.thread_id = t.id AND da.original_filename = ${add(DIAGNOSTICS_FILENAME)}) AS has_diagnostics,
       (SELECT floor(extract(epoch FROM r.last_seen_at) * 1000)::float8 FROM thread_reads r
        WHERE r.thread_id = t.id AND r.user_id = ${viewer}::uuid) AS seen_ms
     FROM page JOIN threads t ON t.id = page.id JOIN markups mk ON mk.id = t.markup_id
     JOIN users au ON au.id = t.author_user_id LEFT JOIN users asg ON asg.id = t.assignee_user_id
     LEFT JOIN LATERAL (
       SELECT left(lm.plain_text, ${TITLE_LENGTH}) AS text, floor(extract(epoch FROM lm.created_at) * 1000)::float8 AS ms,
              lu.id AS author_id, lu.name AS author_name
       FROM messages lm JOIN users lu ON lu.id = lm.author_user_id WHERE lm.thread_id = t.id ORDER BY lm.seq DESC LIMIT 1
     ) last ON true
     ORDER BY page.last_activity_at DESC, page.id DESC`,
    values,
  );
  // One row more than asked says whether there is a next page.
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const threads = shown.map((row) => toInboxThread(row, p.viewerUserId));
  const total = rows.length ? Number(rows[0]!.total) : cursor ? await countMatched(db, p) : 0;
  const last = shown.at(-1);
  return { threads, total, cursorId: more && last ? encodeCursor(last.activity_us, last.id) : null };
}

/** The total when a cursor's page is empty (the rows carried it otherwise). */
async function countMatched(db: Db, p: InboxParams): Promise<number> {
  const { values, add } = parameterList();
  const where = conditions(p, add)!;
  const [row] = await db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM threads t JOIN markups m ON m.id = t.markup_id WHERE ${where.join(' AND ')}`,
    values,
  );
  return Number(row?.total ?? 0);
}
