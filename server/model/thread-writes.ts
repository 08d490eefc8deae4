/**
 * Writes that change a thread's record: creating it with its first message (numbered from the
 * markup's counter, in one statement: a thread never exists without its elements or first message)
 * and moving its pin (run inside `db.transaction`).
 */
import { randomUUID } from 'node:crypto';
import type { ShortWebpageThread } from '../../src/api/wire.ts';
import { isoAt, json, parameterList, type Db } from '../db/db.ts';
import { mailEventCte, unsubscribedCondition, type Unsubscribed } from '../events/record.ts';
import type { CreateThreadInput, MovePinInput } from '../schemas/threads.ts';
import { messageCtes, type MessageBody } from './messages.ts';
import { NEW_THREAD_CHILDREN_SQL } from './thread-children.ts';
import { THREAD_RETURNING, type ThreadRow, type WrittenThread } from './threads.ts';
import { authorCte, type WriteAuthor } from './users.ts';

interface Geometry {
  elements: CreateThreadInput['elements'];
  elementParents: CreateThreadInput['elementParents'];
}

async function insertGeometry(db: Db, threadId: string, geometry: Geometry, at: string): Promise<void> {
  for (const [position, element] of geometry.elements.entries()) {
    await db.query(
      `INSERT INTO thread_elements (id, thread_id, position, path, offset_x_percentage, offset_y_percentage, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [randomUUID(), threadId, position, element.elementPath, element.offsetXPercentage, element.offsetYPercentage, at],
    );
  }
  for (const [position, parent] of geometry.elementParents.entries()) {
    await db.query(
      `INSERT INTO thread_parents (id, thread_id, position, path, url, proxy_url, canonical_url, depth, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8::timestamptz, $8::timestamptz)`,
      [randomUUID(), threadId, position, parent.path, parent.url, parent.canonicalUrl, parent.depth, at],
    );
  }
}

export interface NewThread {
  markupId: string;
  author: WriteAuthor;
  input: CreateThreadInput;
  body: MessageBody;
  /** Uploads to attach to the first message, checked by resolveAttachments. */
  fileIds: string[];
  now: number;
  /** Write only if no webhook subscribes to this event of the workspace (see comment-writes.ts). */
  unlessSubscribed?: Unsubscribed;
  /**
   * Write only on a live webpage markup of this workspace, in a live workspace: the checks
   * markupForCaller and the route make before a write, in the statement itself (comment-writes.ts).
   */
  reachableIn?: { workspaceId: string };
}

/** The markup conditions of NewThread.reachableIn, on the row of `markups` the counter updates. */
function reachableCondition(reachable: NewThread['reachableIn'], add: (value: unknown) => string): string {
  if (!reachable) return '';
  return `AND type = 'webpage' AND deleted_at IS NULL AND workspace_id = ${add(reachable.workspaceId)}::uuid
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = markups.workspace_id AND w.deleted_at IS NULL)`;
}

/**
 * Creates the thread, its geometry, its first message (with attachments) and its `thread_created`
 * activity row in one statement, and returns what it wrote; undefined when the markup is
 * read-only (or gone), or someone subscribed to `unlessSubscribed`. The number comes from the
 * markup's counter, whose row lock the statement takes first: concurrent creations get
 * consecutive numbers, and a markup paused meanwhile is seen.
 */
export async function createThread(db: Db, thread: NewThread): Promise<WrittenThread | undefined> {
  const { input } = thread;
  const { values, add } = parameterList();
  const at = `${add(isoAt(thread.now))}::timestamptz`;
  const threadId = add(randomUUID());
  const url = add(input.url);
  const elements = input.elements;
  const parents = input.elementParents;
  // The counter's update also sets the threads version (migration 0012) the new rows' triggers set
  // at commit: they then find it set and leave the row alone, one version of it written, not two.
  const sql = `WITH counter AS (
      UPDATE markups SET thread_counter = thread_counter + 1, threads_version = pg_current_xact_id()::text::bigint
      WHERE id = ${add(thread.markupId)} AND NOT read_only ${reachableCondition(thread.reachableIn, add)}
        ${unsubscribedCondition(thread.unlessSubscribed, add, true)}
      RETURNING thread_counter, workspace_id
    ), ${authorCte(thread.author, 'counter', add, at)},
    thread AS (
      INSERT INTO threads (id, markup_id, number, type, author_user_id, url, proxy_url, canonical_url, view_mode_id,
        browser_context, offset_x_percentage, offset_y_percentage, start_time, end_time, page_number, text_highlight,
        width, height, annotations, priority, created_at, modified_at, last_activity_at)
      SELECT ${threadId}::uuid, ${add(thread.markupId)}::uuid, counter.thread_counter, 'webpage', author.id, ${url}, ${url},
        ${add(input.canonicalUrl)}, ${add(input.viewModeId)}, ${add(json(input.browserContext))}::jsonb,
        ${add(input.offsetXPercentage)}::float8, ${add(input.offsetYPercentage)}::float8, ${add(input.startTime ?? null)}::float8,
        ${add(input.endTime ?? null)}::float8, ${add(input.pageNumber ?? null)}::int, ${add(input.textHighlight ? json(input.textHighlight) : null)}::jsonb,
        ${add(input.width ?? null)}::float8, ${add(input.height ?? null)}::float8, ${add(input.annotations ? json(input.annotations) : null)}::jsonb,
        ${add(input.priority ?? null)}::int, ${at}, ${at}, ${at}
      FROM counter, author
      RETURNING ${THREAD_RETURNING}
    ), elements AS (
      INSERT INTO thread_elements (id, thread_id, position, path, offset_x_percentage, offset_y_percentage, created_at, modified_at)
      SELECT e.id, thread.id, e.position - 1, e.path, e.x, e.y, ${at}, ${at}
      FROM thread, unnest(${add(elements.map(() => randomUUID()))}::uuid[], ${add(elements.map((e) => e.elementPath))}::text[],
        ${add(elements.map((e) => e.offsetXPercentage))}::float8[], ${add(elements.map((e) => e.offsetYPercentage))}::float8[])
        WITH ORDINALITY AS e (id, path, x, y, position)
      RETURNING *
    ), parents AS (
      INSERT INTO thread_parents (id, thread_id, position, path, url, proxy_url, canonical_url, depth, created_at, modified_at)
      SELECT p.id, thread.id, p.position - 1, p.path, p.url, p.url, p.canonical_url, p.depth, ${at}, ${at}
      FROM thread, unnest(${add(parents.map(() => randomUUID()))}::uuid[], ${add(parents.map((p) => p.path))}::text[],
        ${add(parents.map((p) => p.url))}::text[], ${add(parents.map((p) => p.canonicalUrl))}::text[], ${add(parents.map((p) => p.depth))}::int[])
        WITH ORDINALITY AS p (id, path, url, canonical_url, depth, position)
      RETURNING *
    ), ${messageCtes({ threadCte: 'thread', body: thread.body, fileIds: thread.fileIds, add, at })},
    activity AS (
      INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
      SELECT counter.workspace_id, thread.markup_id, thread.id, author.id, 'thread_created', ${at} FROM counter, thread, author
    )${mailEventCte(thread.unlessSubscribed, { workspace: 'counter.workspace_id', thread: 'thread.id', message: 'message.id', from: 'counter, thread, message', at }, add)}
    SELECT thread.*, false AS markup_read_only, ${'userId' in thread.author ? NEW_THREAD_CHILDREN_SQL : 'NULL::text'} AS children FROM thread`;
  const written = (await db.query<ThreadRow & { children: string | null }>(sql, values, { prepare: true }))[0];
  if (!written) return undefined;
  const { children, ...row } = written;
  return { row, children };
}

/** Re-anchors the pin: new elements, parents, page and fallback position. */
export async function movePin(tx: Db, thread: ThreadRow, input: MovePinInput, now: number): Promise<ShortWebpageThread> {
  const at = isoAt(now);
  await tx.query('DELETE FROM thread_elements WHERE thread_id = $1', [thread.id]);
  await tx.query('DELETE FROM thread_parents WHERE thread_id = $1', [thread.id]);
  await insertGeometry(tx, thread.id, input, at);
  await tx.query(
    `UPDATE threads SET url = $2, proxy_url = $2, canonical_url = $3, browser_context = $4::jsonb,
       offset_x_percentage = $5, offset_y_percentage = $6, modified_at = $7::timestamptz
     WHERE id = $1`,
    [thread.id, input.url, input.canonicalUrl, json(input.browserContext), input.viewportXPercentage, input.viewportYPercentage, at],
  );
  const url = new URL(input.url);
  return {
    id: thread.id,
    userId: thread.author_user_id,
    projectId: thread.markup_id,
    number: thread.number,
    resolved: thread.resolved,
    proxyHostId: null,
    urlPath: url.pathname + url.search,
    canonicalUrl: input.canonicalUrl,
    viewModeId: thread.view_mode_id,
  };
}
