/**
 * Markups as the API shows them (§2.1 MarkupResponse, one variant per type): the stored row with its
 * open-thread count, note, reviews, files (signed URLs) and, for file markups not ready, its
 * conversion. A list is read with one query per kind of part for all its markups, not per markup
 * (a page of 100 markups was ~500 queries).
 */
import type {
  MarkupBaseResponse,
  MarkupConversionState,
  MarkupImage,
  MarkupResponse,
  MarkupVideo,
  ProjectReviewResponse,
} from '../../src/api/wire.ts';
import type { Db } from '../db/db.ts';
import type { FileUrls } from './file-urls.ts';
import { groupBy } from './group-rows.ts';
import { conversionStatesOf } from './markup-conversion.ts';
import type { MarkupRow } from './markups.ts';

interface AssetRow {
  markup_id: string;
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

interface NoteRow {
  id: string;
  markup_id: string;
  note: string;
  show_note_on_project_open: boolean;
}

interface ReviewRow {
  markup_id: string;
  user_id: string;
  comment: string;
  created_at: Date;
}

export function toProjectReview(markupId: string, r: { user_id: string; comment: string; created_at: Date }): ProjectReviewResponse {
  return { projectId: markupId, userId: r.user_id, comment: r.comment, createdAt: r.created_at.getTime() };
}

/**
 * The markups as §2.1 shows them, in the order given. File URLs are signed for this answer
 * (`files`); without a signer (callers that only need the shared fields) they are null.
 */
export async function toMarkupResponses(
  db: Db,
  markups: { markup: MarkupRow; scopes: string[] }[],
  files?: FileUrls,
): Promise<MarkupResponse[]> {
  if (markups.length === 0) return [];
  const ids = markups.map(({ markup }) => markup.id);
  const fileIds = markups.filter(({ markup }) => markup.type !== 'webpage').map(({ markup }) => markup.id);
  // One query at a time: `db` may be a transaction, a single connection.
  const counts = await db.query<{ markup_id: string; active: number }>(
    'SELECT markup_id, count(*)::int AS active FROM threads WHERE markup_id = ANY($1::uuid[]) AND NOT resolved GROUP BY markup_id',
    [ids],
  );
  const notes = await db.query<NoteRow>(
    'SELECT id, markup_id, note, show_note_on_project_open FROM markup_notes WHERE markup_id = ANY($1::uuid[])',
    [ids],
  );
  const reviews = await db.query<ReviewRow>(
    'SELECT markup_id, user_id, comment, created_at FROM markup_reviews WHERE markup_id = ANY($1::uuid[]) ORDER BY created_at, id',
    [ids],
  );
  const assets = fileIds.length
    ? await db.query<AssetRow>(
        `SELECT a.markup_id, a.id, a.kind, a.position, a.mime_type, a.width, a.height, a.duration_ms, u.storage_key, u.content_type,
           u.filename, a.thumbnail_storage_key, a.preview_storage_key, a.preview_width, a.preview_height
         FROM markup_assets a LEFT JOIN uploads u ON u.id = a.file_id
         WHERE a.markup_id = ANY($1::uuid[]) ORDER BY a.position, a.id`,
        [fileIds],
      )
    : [];
  const conversions = await conversionStatesOf(
    db,
    markups.flatMap(({ markup }) => (markup.type === 'webpage' ? [] : [{ id: markup.id, type: markup.type, is_ready: markup.is_ready }])),
  );
  const active = new Map(counts.map((row) => [row.markup_id, row.active]));
  const noteOf = new Map(notes.map((row) => [row.markup_id, row]));
  const reviewsOf = groupBy(reviews, (row) => row.markup_id);
  const assetsOf = groupBy(assets, (row) => row.markup_id);
  return markups.map(({ markup, scopes }) =>
    assemble(markup, scopes, files, {
      active: active.get(markup.id) ?? 0,
      note: noteOf.get(markup.id),
      reviews: reviewsOf.get(markup.id) ?? [],
      assets: assetsOf.get(markup.id) ?? [],
      conversion: conversions.get(markup.id) ?? null,
    }),
  );
}

/** One markup as §2.1 shows it (toMarkupResponses for one). */
export async function toMarkupResponse(db: Db, markup: MarkupRow, scopes: string[], files?: FileUrls): Promise<MarkupResponse> {
  return (await toMarkupResponses(db, [{ markup, scopes }], files))[0]!;
}

interface Parts {
  active: number;
  note: NoteRow | undefined;
  reviews: ReviewRow[];
  assets: AssetRow[];
  conversion: MarkupConversionState | null;
}

function assemble(markup: MarkupRow, scopes: string[], files: FileUrls | undefined, parts: Parts): MarkupResponse {
  const sign = (key: string | null, contentType: string | null, filename: string | null): string | null =>
    files && key ? files.read(key, contentType ?? 'application/octet-stream', filename ?? 'file').url : null;
  const { note } = parts;
  const base: MarkupBaseResponse = {
    id: markup.id,
    createdAt: markup.created_at.toISOString(),
    modifiedAt: markup.modified_at.toISOString(),
    deletedAt: markup.deleted_at ? markup.deleted_at.toISOString() : null,
    type: markup.type,
    name: markup.name,
    markupUrl: markup.markup_url,
    thumbnailUrl: markup.thumbnail_storage_key ? sign(markup.thumbnail_storage_key, 'image/webp', 'thumbnail.webp') : markup.thumbnail_url,
    activeThreads: parts.active,
    readOnly: markup.read_only,
    status: markup.status,
    note: note ? { id: note.id, projectId: markup.id, note: note.note, showNoteOnProjectOpen: note.show_note_on_project_open } : null,
    projectReviews: parts.reviews.map((r) => toProjectReview(markup.id, r)),
    scopes,
  };
  if (markup.type === 'webpage') return { ...base, type: 'webpage', url: markup.url ?? markup.markup_url };

  // Every PDF page shares the original file (only page 0 names it), so pages without a file use the first one's.
  const { assets } = parts;
  const original = assets.find((a) => a.storage_key);
  const urlOf = (a: AssetRow) =>
    a.storage_key
      ? sign(a.storage_key, a.content_type, a.filename)
      : original
        ? sign(original.storage_key, original.content_type, original.filename)
        : null;
  const file = { originalMimeType: markup.original_mime_type, isReady: markup.is_ready, conversion: parts.conversion };
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
