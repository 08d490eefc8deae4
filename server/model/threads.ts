/**
 * Threads as stored and as the API shows them (WebpageThreadResponse): loads a page of threads with
 * their elements, parents, messages, authors and screenshots in one round trip (thread-children.ts),
 * keeping the caller's order.
 */
import type { AnyThreadResponse, BrowserContext, ThreadElement, ThreadParent, WebpageThreadResponse } from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { threadScopes } from '../domain/permissions.ts';
import type { Viewer } from '../domain/viewer.ts';
import { toMessageResponse } from './messages.ts';
import type { FileUrls } from './file-urls.ts';
import { toScreenshotResponse } from './screenshots.ts';
import { toAuthorUser } from './users.ts';
import { childrenFromJson, loadThreadChildren, type ThreadChildren } from './thread-children.ts';
import { toFileThreadResponse } from './file-thread-response.ts';
import { groupBy } from './group-rows.ts';

export interface ThreadRow {
  id: string;
  markup_id: string;
  number: number;
  author_user_id: string;
  resolved: boolean;
  url: string;
  proxy_url: string;
  canonical_url: string;
  view_mode_id: string;
  browser_context: BrowserContext | Record<string, unknown> | null;
  offset_x_percentage: number | null;
  offset_y_percentage: number | null;
  annotations: Record<string, unknown> | null;
  priority: number | null;
  assignee_user_id: string | null;
  labels: string[];
  created_at: Date;
  modified_at: Date;
  last_activity_at: Date;
  /** Whether the thread's markup has new comments paused (decides the `reply` scope). */
  markup_read_only: boolean;
  /** Image, PDF and video threads (file-threads.ts); `webpage` threads leave the rest null. */
  type: 'webpage' | 'image' | 'pdf';
  markup_asset_id: string | null;
  start_time: number | null;
  end_time: number | null;
  page_number: number | null;
  text_highlight: Record<string, unknown> | null;
  width: number | null;
  height: number | null;
}

const OWN_COLUMNS = [
  'id',
  'markup_id',
  'number',
  'author_user_id',
  'resolved',
  'url',
  'proxy_url',
  'canonical_url',
  'view_mode_id',
  'browser_context',
  'offset_x_percentage',
  'offset_y_percentage',
  'annotations',
  'priority',
  'assignee_user_id',
  'labels',
  'created_at',
  'modified_at',
  'last_activity_at',
  'type',
  'markup_asset_id',
  'start_time',
  'end_time',
  'page_number',
  'text_highlight',
  'width',
  'height',
];

/** A ThreadRow but for `markup_read_only`, as a write's RETURNING gives it (the writer knows the flag). */
export const THREAD_RETURNING = OWN_COLUMNS.join(', ');

export const THREAD_COLUMNS = `${OWN_COLUMNS.map((column) => `t.${column}`).join(', ')},
  (SELECT read_only FROM markups WHERE markups.id = t.markup_id) AS markup_read_only`;

/** The thread with its markup's workspace and organization (for scoping), or undefined. */
export async function findThread(db: Db, id: string): Promise<(ThreadRow & { workspace_id: string; organization_id: string }) | undefined> {
  return queryOne(
    db,
    `SELECT ${THREAD_COLUMNS}, m.workspace_id, w.organization_id
     FROM threads t JOIN markups m ON m.id = t.markup_id JOIN workspaces w ON w.id = m.workspace_id
     WHERE t.id = $1 AND m.deleted_at IS NULL AND w.deleted_at IS NULL`,
    [id],
    { prepare: true },
  );
}

/** A thread just written, and its children's JSON when the writing statement could read them all (thread-children.ts). */
export interface WrittenThread {
  row: ThreadRow;
  children: string | null;
}

/** The response to creating a thread: from what the statement wrote, or (when it could not tell all) loaded afresh. */
export async function newThreadResponse(db: Db, written: WrittenThread, viewer: Viewer, files: FileUrls): Promise<AnyThreadResponse> {
  const children = written.children === null ? undefined : await childrenFromJson(db, written.children, files);
  const complete = children?.users.has(written.row.author_user_id) ? children : undefined;
  const [response] = await toThreadResponses(db, [written.row], viewer, files, complete);
  return response!;
}

/** Full thread responses for these rows, in the same order (file URLs signed by `files`); `children` if already at hand. */
export async function toThreadResponses(
  db: Db,
  threads: ThreadRow[],
  viewer: Viewer,
  files: FileUrls,
  children?: ThreadChildren,
): Promise<AnyThreadResponse[]> {
  if (threads.length === 0) return [];
  const { elements, parents, messages, seen, users, screenshots, attachments, clips } =
    children ??
    (await loadThreadChildren(
      db,
      threads.map((t) => t.id),
      viewer,
      files,
    ));
  const elementsByThread = groupBy(elements, (e) => e.thread_id);
  const parentsByThread = groupBy(parents, (p) => p.thread_id);
  const messagesByThread = groupBy(messages, (m) => m.thread_id);

  return threads.map((t): AnyThreadResponse => {
    const author = users.get(t.author_user_id);
    if (!author) throw new Error(`author of thread ${t.id} not loaded`);
    const lastSeenAt = seen.get(t.id) ?? null;
    const screenshot = screenshots.get(t.id);
    const response: WebpageThreadResponse = {
      id: t.id,
      createdAt: t.created_at.getTime(),
      modifiedAt: t.modified_at.getTime(),
      scopes: threadScopes(viewer, t.author_user_id, t.markup_read_only),
      assignedRoleSlugs: [],
      user: toAuthorUser(author, viewer),
      number: t.number,
      resolved: t.resolved,
      messages: (messagesByThread.get(t.id) ?? []).map((m) => toMessageResponse(m, { viewer, users, attachments, lastSeenAt, clips })),
      userMetaData: { lastSeenAt },
      lastActivityAt: t.last_activity_at.getTime(),
      annotations: t.annotations,
      projectId: t.markup_id,
      proxyUrl: t.proxy_url,
      originalUrl: t.url,
      canonicalUrl: t.canonical_url,
      elements: (elementsByThread.get(t.id) ?? []).map((e): ThreadElement => ({
        id: e.id,
        threadId: t.id,
        path: e.path,
        offsetXPercentage: e.offset_x_percentage,
        offsetYPercentage: e.offset_y_percentage,
        createdAt: e.created_at.getTime(),
        modifiedAt: e.modified_at.getTime(),
      })),
      parents: (parentsByThread.get(t.id) ?? []).map((p): ThreadParent => ({
        id: p.id,
        path: p.path,
        proxyUrl: p.proxy_url,
        originalUrl: p.url,
        canonicalUrl: p.canonical_url,
        depth: p.depth,
        createdAt: p.created_at.getTime(),
        modifiedAt: p.modified_at.getTime(),
      })),
      browserContext: t.browser_context ?? {},
      viewModeId: t.view_mode_id,
      priority: t.priority,
      assigneeId: t.assignee_user_id,
      labels: t.labels,
      screenshot: screenshot ? toScreenshotResponse(screenshot, files) : null,
    };
    if (t.offset_x_percentage !== null) response.offsetXPercentage = t.offset_x_percentage;
    if (t.offset_y_percentage !== null) response.offsetYPercentage = t.offset_y_percentage;
    return t.type === 'webpage' ? response : toFileThreadResponse(t, response);
  });
}

export async function loadThreadResponse(db: Db, id: string, viewer: Viewer, files: FileUrls): Promise<AnyThreadResponse> {
  const row = await queryOne<ThreadRow>(db, `SELECT ${THREAD_COLUMNS} FROM threads t WHERE t.id = $1`, [id]);
  if (!row) throw new Error(`thread ${id} vanished`);
  const [response] = await toThreadResponses(db, [row], viewer, files);
  return response!;
}
