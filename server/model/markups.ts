/**
 * Markups as stored, plus the derived reads: view modes with thread counts and the tag lists for
 * @mentions. As the API shows them (MarkupResponse): markup-responses.ts.
 */
import type { ProjectMessageTagsResponse, ViewMode } from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { VIEW_MODES } from '../domain/view-modes.ts';
import { mayShowAddress, shownName, type AddressViewer } from './users.ts';

export interface MarkupRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  folder_id: string;
  type: 'webpage' | 'image' | 'pdf' | 'video';
  name: string;
  url: string | null;
  markup_url: string;
  thumbnail_url: string | null;
  /** Object-store key of a file markup's thumbnail (signed on every answer); set by conversion. */
  thumbnail_storage_key: string | null;
  status: string;
  read_only: boolean;
  original_mime_type: string | null;
  is_ready: boolean;
  created_by_user_id: string | null;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
}

export const MARKUP_COLUMNS = `m.id, m.workspace_id, w.organization_id, m.folder_id, m.type, m.name, m.url, m.markup_url,
  m.thumbnail_url, m.thumbnail_storage_key, m.status, m.read_only, m.original_mime_type, m.is_ready, m.created_by_user_id,
  m.created_at, m.modified_at, m.deleted_at`;

/** A live (not deleted) markup with its organization, or undefined. */
export async function findMarkup(db: Db, id: string): Promise<MarkupRow | undefined> {
  return queryOne<MarkupRow>(
    db,
    `SELECT ${MARKUP_COLUMNS} FROM markups m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.id = $1 AND m.deleted_at IS NULL AND w.deleted_at IS NULL`,
    [id],
    { prepare: true },
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
 * tagged: the users mentioned in this markup's messages. Mentioning needs an id and a name: the
 * addresses are for API keys (and a person's own), never for the reviewers of a shared page.
 */
export async function markupTags(db: Db, markup: MarkupRow, viewer: AddressViewer): Promise<ProjectMessageTagsResponse> {
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
  const email = (u: { id: string; email: string | null }) => (mayShowAddress(viewer, u.id) ? u.email : null);
  return {
    taggable: taggable.map((u) => ({ id: u.id, name: shownName(u.name, u.id, viewer), email: email(u), avatarUrl: u.avatar_url })),
    // The spec types this email as a string: "" when there is none or the viewer may not see it.
    tagged: tagged.map((u) => ({ id: u.id, name: shownName(u.name, u.id, viewer), email: email(u) ?? '' })),
  };
}
