/**
 * Markups as stored and as the API shows them (MarkupResponse), plus the derived reads served so
 * far: view modes with thread counts and the tag lists for @mentions.
 */
import type {
  MarkupResponse,
  ProjectMessageTagsResponse,
  ViewMode,
  ViewModeCategory,
} from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';

export interface MarkupRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  type: 'webpage' | 'image' | 'pdf' | 'video';
  name: string;
  url: string | null;
  markup_url: string;
  thumbnail_url: string | null;
  status: string;
  read_only: boolean;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
}

const MARKUP_COLUMNS = `m.id, m.workspace_id, w.organization_id, m.type, m.name, m.url, m.markup_url, m.thumbnail_url,
  m.status, m.read_only, m.created_at, m.modified_at, m.deleted_at`;

/** A live (not deleted) markup with its organization, or undefined. */
export async function findMarkup(db: Db, id: string): Promise<MarkupRow | undefined> {
  return queryOne<MarkupRow>(
    db,
    `SELECT ${MARKUP_COLUMNS} FROM markups m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.id = $1 AND m.deleted_at IS NULL AND w.deleted_at IS NULL`,
    [id],
  );
}

/**
 * Sets the read-only flag; pausing (true) only where the workspace's plan enables it. Returns the
 * updated markup, or undefined when the plan refused the pause.
 */
export async function setMarkupReadOnly(db: Db, markup: MarkupRow, readOnly: boolean, now: number): Promise<MarkupRow | undefined> {
  const updated = await queryOne<{ id: string }>(
    db,
    `UPDATE markups m SET read_only = $2, modified_at = CASE WHEN m.read_only = $2 THEN m.modified_at ELSE $3 END
     FROM workspaces w
     WHERE m.id = $1 AND w.id = m.workspace_id AND (NOT $2 OR w.plan_pause_comments_enabled)
     RETURNING m.id`,
    [markup.id, readOnly, new Date(now)],
  );
  return updated ? findMarkup(db, markup.id) : undefined;
}

export async function toMarkupResponse(db: Db, markup: MarkupRow, scopes: string[]): Promise<MarkupResponse> {
  const [counts, note, reviews] = await Promise.all([
    queryOne<{ active: number }>(db, 'SELECT count(*)::int AS active FROM threads WHERE markup_id = $1 AND NOT resolved', [markup.id]),
    queryOne<{ id: string; note: string; show_note_on_project_open: boolean }>(
      db,
      'SELECT id, note, show_note_on_project_open FROM markup_notes WHERE markup_id = $1',
      [markup.id],
    ),
    db.query<{ user_id: string; comment: string; created_at: Date }>(
      'SELECT user_id, comment, created_at FROM markup_reviews WHERE markup_id = $1 ORDER BY created_at, id',
      [markup.id],
    ),
  ]);
  return {
    id: markup.id,
    createdAt: markup.created_at.toISOString(),
    modifiedAt: markup.modified_at.toISOString(),
    deletedAt: markup.deleted_at ? markup.deleted_at.toISOString() : null,
    type: 'webpage',
    name: markup.name,
    markupUrl: markup.markup_url,
    thumbnailUrl: markup.thumbnail_url,
    activeThreads: counts?.active ?? 0,
    readOnly: markup.read_only,
    status: markup.status,
    note: note
      ? { id: note.id, projectId: markup.id, note: note.note, showNoteOnProjectOpen: note.show_note_on_project_open }
      : null,
    projectReviews: reviews.map((r) => ({
      projectId: markup.id,
      userId: r.user_id,
      comment: r.comment,
      createdAt: r.created_at.getTime(),
    })),
    scopes,
    url: markup.url ?? markup.markup_url,
  };
}

/** The fixed device breakpoints every webpage markup offers (docs/api-decisions.md). */
export const VIEW_MODES: readonly Omit<ViewMode, 'threadCount'>[] = [
  { id: 'desktop', category: 'desktop', name: 'Desktop', minWidth: 1024, maxWidth: null },
  { id: 'tablet', category: 'tablet', name: 'Tablet', minWidth: 768, maxWidth: 1023 },
  { id: 'mobile', category: 'mobile', name: 'Mobile', minWidth: 0, maxWidth: 767 },
];

/** The ids a thread's `viewModeId` may take: those of VIEW_MODES (the schema validates against this). */
export const VIEW_MODE_IDS = ['desktop', 'tablet', 'mobile'] as const satisfies readonly ViewModeCategory[];

export async function viewModesWithCounts(db: Db, markupId: string): Promise<ViewMode[]> {
  const rows = await db.query<{ view_mode_id: string; n: number }>(
    `SELECT view_mode_id, count(*)::int AS n FROM threads WHERE markup_id = $1 AND NOT resolved GROUP BY view_mode_id`,
    [markupId],
  );
  const counts = new Map(rows.map((r) => [r.view_mode_id, r.n]));
  return VIEW_MODES.map((mode) => ({ ...mode, threadCount: counts.get(mode.id) ?? 0 }));
}

/**
 * taggable: the workspace's members and everyone who wrote on this markup;
 * tagged: the users mentioned in this markup's messages.
 */
export async function markupTags(db: Db, markup: MarkupRow): Promise<ProjectMessageTagsResponse> {
  const taggable = await db.query<{ id: string; name: string; email: string | null; avatar_url: string | null }>(
    `SELECT u.id, u.name, u.email, u.avatar_url FROM users u
     WHERE u.deleted_at IS NULL AND u.kind <> 'service' AND u.workspace_id = $2 AND (
       u.id IN (SELECT user_id FROM workspace_members WHERE workspace_id = $2)
       OR u.id IN (SELECT m.author_user_id FROM messages m JOIN threads t ON t.id = m.thread_id WHERE t.markup_id = $1)
     )
     ORDER BY lower(u.name), u.id`,
    [markup.id, markup.workspace_id],
  );
  const tagged = await db.query<{ id: string; name: string; email: string | null }>(
    `SELECT u.id, u.name, u.email FROM users u
     WHERE u.workspace_id = $2 AND u.deleted_at IS NULL AND u.id::text IN (
       SELECT jsonb_array_elements_text(m.mention_ids) FROM messages m JOIN threads t ON t.id = m.thread_id WHERE t.markup_id = $1
     )
     ORDER BY lower(u.name), u.id`,
    [markup.id, markup.workspace_id],
  );
  return {
    taggable: taggable.map((u) => ({ id: u.id, name: u.name, email: u.email, avatarUrl: u.avatar_url })),
    tagged: tagged.map((u) => ({ id: u.id, name: u.name, email: u.email ?? '' })),
  };
}
