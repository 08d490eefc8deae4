/**
 * Markups as stored and as the API shows them (MarkupResponse, one variant per type), plus the
 * derived reads: view modes with thread counts and the tag lists for @mentions.
 */
import type {
  MarkupBaseResponse,
  MarkupImage,
  MarkupResponse,
  MarkupVideo,
  ProjectReviewResponse,
  ProjectMessageTagsResponse,
  ViewMode,
} from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { VIEW_MODES } from '../domain/view-modes.ts';
import type { FileUrls } from './file-urls.ts';
import { conversionStateOf } from './markup-conversion.ts';
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

interface AssetRow {
  id: string;
  kind: 'image' | 'page' | 'video';
  position: number;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  storage_key: string | null;
  content_type: string | null;
  filename: string | null;
  thumbnail_storage_key: string | null;
  preview_storage_key: string | null;
  preview_width: number | null;
  preview_height: number | null;
}

/**
 * The markup as §2.1 shows it, variant by type. File URLs are signed for this answer (`files`);
 * without a signer (callers that only need the shared fields) they are null.
 */
export async function toMarkupResponse(db: Db, markup: MarkupRow, scopes: string[], files?: FileUrls): Promise<MarkupResponse> {
  // One query at a time: `db` may be a transaction, a single connection.
  const counts = await queryOne<{ active: number }>(
    db,
    'SELECT count(*)::int AS active FROM threads WHERE markup_id = $1 AND NOT resolved',
    [markup.id],
  );
  const note = await queryOne<{ id: string; note: string; show_note_on_project_open: boolean }>(
    db,
    'SELECT id, note, show_note_on_project_open FROM markup_notes WHERE markup_id = $1',
    [markup.id],
  );
  const reviews = await db.query<{ user_id: string; comment: string; created_at: Date }>(
    'SELECT user_id, comment, created_at FROM markup_reviews WHERE markup_id = $1 ORDER BY created_at, id',
    [markup.id],
  );
  const sign = (key: string | null, contentType: string | null, filename: string | null): string | null =>
    files && key ? files.read(key, contentType ?? 'application/octet-stream', filename ?? 'file').url : null;
  const base: MarkupBaseResponse = {
    id: markup.id,
    createdAt: markup.created_at.toISOString(),
    modifiedAt: markup.modified_at.toISOString(),
    deletedAt: markup.deleted_at ? markup.deleted_at.toISOString() : null,
    type: markup.type,
    name: markup.name,
    markupUrl: markup.markup_url,
    thumbnailUrl: markup.thumbnail_storage_key ? sign(markup.thumbnail_storage_key, 'image/webp', 'thumbnail.webp') : markup.thumbnail_url,
    activeThreads: counts?.active ?? 0,
    readOnly: markup.read_only,
    status: markup.status,
    note: note ? { id: note.id, projectId: markup.id, note: note.note, showNoteOnProjectOpen: note.show_note_on_project_open } : null,
    projectReviews: reviews.map((r) => toProjectReview(markup.id, r)),
    scopes,
  };
  if (markup.type === 'webpage') return { ...base, type: 'webpage', url: markup.url ?? markup.markup_url };

  // Every PDF page shares the original file (only page 0 names it), so pages without a file use the first one's.
  const assets = await db.query<AssetRow>(
    `SELECT a.id, a.kind, a.position, a.mime_type, a.width, a.height, a.duration_ms, u.storage_key, u.content_type, u.filename,
       a.thumbnail_storage_key, a.preview_storage_key, a.preview_width, a.preview_height
     FROM markup_assets a LEFT JOIN uploads u ON u.id = a.file_id
     WHERE a.markup_id = $1 ORDER BY a.position, a.id`,
    [markup.id],
  );
  const original = assets.find((a) => a.storage_key);
  const urlOf = (a: AssetRow) =>
    a.storage_key
      ? sign(a.storage_key, a.content_type, a.filename)
      : original
        ? sign(original.storage_key, original.content_type, original.filename)
        : null;
  const conversion = await conversionStateOf(db, { id: markup.id, type: markup.type, is_ready: markup.is_ready });
  const file = { originalMimeType: markup.original_mime_type, isReady: markup.is_ready, conversion };
  if (markup.type === 'video') {
    const v = assets.find((a) => a.kind === 'video');
    const video: MarkupVideo | null = v
      ? {
          id: v.id,
          url: urlOf(v),
          mimeType: v.mime_type,
          width: v.width,
          height: v.height,
          durationMs: v.duration_ms,
          duration: v.duration_ms === null ? null : v.duration_ms / 1000,
        }
      : null;
    return { ...base, type: 'video', ...file, video };
  }
  const images: MarkupImage[] = assets
    .filter((a) => a.kind !== 'video')
    .map((a) => ({
      id: a.id,
      url: urlOf(a),
      mimeType: a.mime_type,
      width: a.width,
      height: a.height,
      position: a.position,
      pageNumber: a.kind === 'page' ? a.position + 1 : null,
      thumbnailUrl: sign(a.thumbnail_storage_key, 'image/webp', `${a.position + 1}-thumbnail.webp`),
      previewUrl: sign(a.preview_storage_key, 'image/webp', `${a.position + 1}-preview.webp`),
      previewWidth: a.preview_width,
      previewHeight: a.preview_height,
    }));
  if (markup.type === 'pdf') return { ...base, type: 'pdf', ...file, images, pageCount: markup.is_ready ? images.length : null };
  return { ...base, type: 'image', ...file, images };
}

export function toProjectReview(markupId: string, r: { user_id: string; comment: string; created_at: Date }): ProjectReviewResponse {
  return { projectId: markupId, userId: r.user_id, comment: r.comment, createdAt: r.created_at.getTime() };
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
