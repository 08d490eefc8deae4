/**
 * Everything a page of thread responses needs besides the thread rows — elements, parents,
 * messages, the viewer's read marks and the authors — in one round trip: Postgres aggregates them
 * into a single JSON text. Separate queries cost a protocol exchange each plus per-field row
 * decoding, which on PGlite (and over the wire to PostgreSQL) dominated `GET /threads`
 * (bench/server-latency.ts). Attachments are rare, so they are only queried (by their own loader,
 * which signs their URLs) when the JSON says some exist.
 */
import type { Attachment, VideoClip } from '../../src/api/wire.ts';
import type { Db } from '../db/db.ts';
import type { Viewer } from '../domain/viewer.ts';
import { loadAttachments } from './attachments.ts';
import { loadClips } from './clip-videos.ts';
import type { FileUrls } from './file-urls.ts';
import type { MessageRow } from './messages.ts';
import type { ScreenshotRow } from './screenshots.ts';
import type { UserRow } from './users.ts';

export interface ElementRow {
  id: string;
  thread_id: string;
  path: string;
  offset_x_percentage: number;
  offset_y_percentage: number;
  created_at: Date;
  modified_at: Date;
}

export interface ParentRow {
  id: string;
  thread_id: string;
  path: string;
  url: string;
  proxy_url: string;
  canonical_url: string;
  depth: number;
  created_at: Date;
  modified_at: Date;
}

export interface ThreadChildren {
  elements: ElementRow[];
  parents: ParentRow[];
  messages: MessageRow[];
  /** The viewer's last visit per thread id (empty for API keys). */
  seen: Map<string, number>;
  users: Map<string, UserRow>;
  screenshots: Map<string, ScreenshotRow>;
  attachments: Map<string, Attachment[]>;
  clips: Map<string, VideoClip[]>;
}

/**
 * Timestamps travel as epoch milliseconds (floor, as the drivers truncate microseconds) and are
 * turned back into Dates, so the rows look exactly like those of a plain SELECT.
 */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** A row type's fields as SQL expressions: a field added to the type must be added here too. */
type Columns<T> = Record<keyof T & string, string>;

const jsonObject = (columns: Record<string, string>) =>
  `json_build_object(${Object.entries(columns)
    .map(([key, expr]) => `'${key}', ${expr}`)
    .join(', ')})`;

const ELEMENT: Columns<ElementRow> = {
  id: 'e.id',
  thread_id: 'e.thread_id',
  path: 'e.path',
  offset_x_percentage: 'e.offset_x_percentage',
  offset_y_percentage: 'e.offset_y_percentage',
  created_at: ms('e.created_at'),
  modified_at: ms('e.modified_at'),
};
const PARENT: Columns<ParentRow> = {
  id: 'p.id',
  thread_id: 'p.thread_id',
  path: 'p.path',
  url: 'p.url',
  proxy_url: 'p.proxy_url',
  canonical_url: 'p.canonical_url',
  depth: 'p.depth',
  created_at: ms('p.created_at'),
  modified_at: ms('p.modified_at'),
};
const MESSAGE: Columns<MessageRow> = {
  id: 'm.id',
  thread_id: 'm.thread_id',
  author_user_id: 'm.author_user_id',
  delta: 'm.delta',
  plain_text: 'm.plain_text',
  mention_ids: 'm.mention_ids',
  created_at: ms('m.created_at'),
  modified_at: ms('m.modified_at'),
};
const USER: Columns<UserRow> = {
  id: 'u.id',
  workspace_id: 'u.workspace_id',
  kind: 'u.kind',
  name: 'u.name',
  email: 'u.email',
  avatar_url: 'u.avatar_url',
  created_at: ms('u.created_at'),
  modified_at: ms('u.modified_at'),
  is_member: 'EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.user_id = u.id AND wm.workspace_id = u.workspace_id)',
};
const SCREENSHOT: Columns<ScreenshotRow> = {
  id: 's.id',
  thread_id: 's.thread_id',
  upload_id: 's.upload_id',
  storage_key: 's.storage_key',
  etag: 's.etag',
  mime_type: 's.mime_type',
  original_filename: 's.original_filename',
  width: 's.width',
  height: 's.height',
  filesize: 's.filesize',
  type: 's.type',
  is_processing: 's.is_processing',
  created_at: ms('s.created_at'),
  modified_at: ms('s.modified_at'),
};

/**
 * `IN (SELECT unnest($1))`, not `= ANY($1)`: PostgreSQL plans the latter on small tables as a
 * sequential scan comparing every row with every id (50 × rows), which cost milliseconds per page;
 * the former becomes a join on the ids.
 */
const list = (columns: Record<string, string>, from: string, order = '') =>
  `(SELECT coalesce(json_agg(${jsonObject(columns)}${order}), '[]') ${from})`;

const CHILDREN_SQL = `SELECT json_build_object(
  'elements', ${list(ELEMENT, 'FROM thread_elements e WHERE e.thread_id IN (SELECT unnest($1::uuid[]))', ' ORDER BY e.position')},
  'parents', ${list(PARENT, 'FROM thread_parents p WHERE p.thread_id IN (SELECT unnest($1::uuid[]))', ' ORDER BY p.position')},
  'messages', ${list(MESSAGE, 'FROM messages m WHERE m.thread_id IN (SELECT unnest($1::uuid[]))', ' ORDER BY m.seq')},
  'reads', ${list({ thread_id: 'r.thread_id', last_seen_at: ms('r.last_seen_at') }, 'FROM thread_reads r WHERE r.user_id = $2::uuid AND r.thread_id IN (SELECT unnest($1::uuid[]))')},
  'users', ${list(
    USER,
    `FROM users u WHERE u.id IN (SELECT author_user_id FROM threads WHERE id IN (SELECT unnest($1::uuid[]))
                                                UNION SELECT author_user_id FROM messages WHERE thread_id IN (SELECT unnest($1::uuid[])))`,
  )},
  'screenshots', ${list(SCREENSHOT, 'FROM thread_screenshots s WHERE s.thread_id IN (SELECT unnest($1::uuid[]))')},
  'has_attachments', EXISTS (SELECT 1 FROM message_attachments a JOIN messages m ON m.id = a.message_id WHERE m.thread_id IN (SELECT unnest($1::uuid[]))),
  'has_clips', EXISTS (SELECT 1 FROM message_clip_videos c JOIN messages m ON m.id = c.message_id WHERE m.thread_id IN (SELECT unnest($1::uuid[])))
)::text AS children`;

/**
 * The same JSON for a thread the statement itself creates, from its CTEs (thread-writes.ts):
 * `elements`, `parents`, `message`, `attachments` and `author`. A new thread has no read marks and
 * no screenshot yet. Its author's row comes from the statement's snapshot, so an author the
 * statement itself creates or renames (an API key's service user) is not in it: childrenFromJson
 * then answers undefined and the caller loads the children afresh.
 */
export const NEW_THREAD_CHILDREN_SQL = `json_build_object(
  'elements', ${list(ELEMENT, 'FROM elements e', ' ORDER BY e.position')},
  'parents', ${list(PARENT, 'FROM parents p', ' ORDER BY p.position')},
  'messages', ${list(MESSAGE, 'FROM message m')},
  'reads', '[]'::json,
  'users', ${list(USER, 'FROM users u WHERE u.id IN (SELECT id FROM author)')},
  'screenshots', '[]'::json,
  'has_attachments', EXISTS (SELECT 1 FROM attachments)
)::text`;

/** One user (alias `u`) as JSON text, read back by userFromJson. */
export const USER_JSON = `${jsonObject(USER)}::text`;

type Stamped<T> = Omit<T, 'created_at' | 'modified_at'> & { created_at: number; modified_at: number };

interface ChildrenJson {
  elements: Stamped<ElementRow>[];
  parents: Stamped<ParentRow>[];
  messages: Stamped<MessageRow>[];
  reads: Array<{ thread_id: string; last_seen_at: number }>;
  users: Stamped<UserRow>[];
  screenshots: Stamped<ScreenshotRow>[];
  has_attachments: boolean;
  /** Absent in NEW_THREAD_CHILDREN_SQL: a new thread's clips are written after it (its children are then loaded afresh). */
  has_clips?: boolean;
}

function dated<T>(row: Stamped<T>): T {
  return { ...row, created_at: new Date(row.created_at), modified_at: new Date(row.modified_at) } as T;
}

/** The children of these threads (`threadIds` non-empty), for `viewer`, with file URLs signed by `files`. */
export async function loadThreadChildren(db: Db, threadIds: string[], viewer: Viewer, files: FileUrls): Promise<ThreadChildren> {
  const [row] = await db.query<{ children: string }>(CHILDREN_SQL, [threadIds, viewer.userId]);
  return childrenFromJson(db, row!.children, files);
}

export const userFromJson = (text: string): UserRow => dated<UserRow>(JSON.parse(text) as Stamped<UserRow>);

/** Children from CHILDREN_SQL's or NEW_THREAD_CHILDREN_SQL's JSON (attachments, if any, are loaded and signed here). */
export async function childrenFromJson(db: Db, text: string, files: FileUrls): Promise<ThreadChildren> {
  const json = JSON.parse(text) as ChildrenJson;
  const messages = json.messages.map((m) => dated<MessageRow>(m));
  // Attachments are mapped (and their URLs signed) by their own module; most pages have none.
  const attachments = json.has_attachments
    ? await loadAttachments(
        db,
        messages.map((m) => m.id),
        files,
      )
    : new Map<string, Attachment[]>();
  const clips = json.has_clips
    ? await loadClips(
        db,
        messages.map((m) => m.id),
        files,
      )
    : new Map<string, VideoClip[]>();
  return {
    elements: json.elements.map((e) => dated<ElementRow>(e)),
    parents: json.parents.map((p) => dated<ParentRow>(p)),
    messages,
    seen: new Map(json.reads.map((r) => [r.thread_id, r.last_seen_at])),
    users: new Map(json.users.map((u) => [u.id, dated<UserRow>(u)])),
    screenshots: new Map(json.screenshots.map((r) => [r.thread_id, dated<ScreenshotRow>(r)])),
    attachments,
    clips,
  };
}
