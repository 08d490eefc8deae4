/**
 * Threads on file markups (issue 17): image threads (a point in percent of one image of the set),
 * video threads (a point on the frame plus a time range in seconds) and PDF threads (a point in
 * percent of one page, optionally a text highlight). Where the pin may go is checked against what
 * conversion measured (the markup's assets); the write is one statement like a webpage thread's
 * (thread-writes.ts): numbered from the markup's counter, first message, activity row, and the
 * `comment_created` event through the same announce-or-retry path (comment-writes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ShortImageThread, ShortPdfThread } from '../../src/api/wire.ts';
import { isoAt, json, parameterList, type Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { ApiError, forbidden, validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { Caller } from '../domain/viewer.ts';
import { unsubscribedCondition, type Unsubscribed } from '../events/record.ts';
import type { CreateFileThreadInput, MoveFilePinInput } from '../schemas/file-threads.ts';
import { actingUserId } from './access.ts';
import { recordCommentEvent } from './events.ts';
import { toShortFileThread } from './file-thread-response.ts';
import type { MarkupRow } from './markups.ts';
import { messageCtes, type MessageBody } from './messages.ts';
import { THREAD_RETURNING, type ThreadRow, type WrittenThread } from './threads.ts';
import { authorCte, writeAuthorOf, type WriteAuthor } from './users.ts';

interface AssetRow {
  id: string;
  kind: 'image' | 'page' | 'video';
  position: number;
  duration_ms: number | null;
}

/** Where a file pin sits: the asset, its thread type, and the variant's own fields. */
export interface FilePinTarget {
  assetId: string;
  threadType: 'image' | 'pdf';
  pageNumber: number | null;
  startTime: number | null;
  endTime: number | null;
}

const refuse = (path: string, message: string) => validationFailed(`${path}: ${message}`, [{ path, message }]);

/** The markup must be converted before pins can be checked against its pages, images and duration. */
export function requireReady(markup: MarkupRow): void {
  if (!markup.is_ready) {
    throw new ApiError(409, 'conflict', 'This markup is still being converted (isReady is false); comment once markup_ready has been sent');
  }
}

async function assetsOf(db: Db, markupId: string): Promise<AssetRow[]> {
  return db.query<AssetRow>('SELECT id, kind, position, duration_ms FROM markup_assets WHERE markup_id = $1 ORDER BY position, id', [
    markupId,
  ]);
}

/** The variant fields sent, for one pin (a new thread or a moved one). */
interface PinFields {
  projectImageId?: string | undefined;
  pageNumber?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | null | undefined;
  textHighlight?: unknown;
}

function refuseFields(fields: PinFields, names: Array<keyof PinFields>, kind: string): void {
  const sent = names.filter((name) => fields[name] !== undefined && fields[name] !== null);
  if (sent.length === 0) return;
  const message = `not for a thread on ${kind}`;
  throw validationFailed(
    `${sent[0]}: ${message}`,
    sent.map((path) => ({ path, message })),
  );
}

function assetById(assets: AssetRow[], id: string | undefined): AssetRow | undefined {
  if (id === undefined) return undefined;
  const lower = id.toLowerCase();
  const found = isUuid(lower) ? assets.find((a) => a.id === lower) : undefined;
  if (!found) throw refuse('projectImageId', 'not an image, page or video of this markup');
  return found;
}

/** Checks the pin against the markup (type, assets, page count, duration) and answers where it goes. */
export async function filePinTarget(db: Db, markup: MarkupRow, fields: PinFields): Promise<FilePinTarget> {
  const assets = await assetsOf(db, markup.id);
  const named = assetById(assets, fields.projectImageId);
  if (markup.type === 'image') {
    refuseFields(fields, ['pageNumber', 'textHighlight', 'startTime', 'endTime'], 'an image markup');
    const images = assets.filter((a) => a.kind === 'image');
    const image = named ?? (images.length === 1 ? images[0] : undefined);
    if (!image) throw refuse('projectImageId', `required: this markup has ${images.length} images; name the one the pin is on`);
    return { assetId: image.id, threadType: 'image', pageNumber: null, startTime: null, endTime: null };
  }
  if (markup.type === 'video') {
    refuseFields(fields, ['pageNumber', 'textHighlight'], 'a video markup');
    const video = assets.find((a) => a.kind === 'video');
    if (!video) throw new Error(`video markup ${markup.id} has no video asset`);
    if (named && named.id !== video.id) throw refuse('projectImageId', 'not the video of this markup');
    if (fields.startTime === undefined) throw refuse('startTime', 'required on a video thread (seconds from the start)');
    const endTime = fields.endTime ?? null;
    if (endTime !== null && endTime < fields.startTime) throw refuse('endTime', 'must not be before startTime');
    const duration = video.duration_ms === null ? null : video.duration_ms / 1000;
    if (duration !== null && fields.startTime > duration) throw refuse('startTime', `the video is ${duration} s long`);
    if (duration !== null && endTime !== null && endTime > duration) throw refuse('endTime', `the video is ${duration} s long`);
    return { assetId: video.id, threadType: 'image', pageNumber: null, startTime: fields.startTime, endTime };
  }
  if (markup.type === 'pdf') {
    refuseFields(fields, ['startTime', 'endTime'], 'a PDF markup');
    const pages = assets.filter((a) => a.kind === 'page');
    if (named && named.kind !== 'page') throw refuse('projectImageId', 'not a page of this markup');
    const byNumber = fields.pageNumber === undefined ? undefined : pages[fields.pageNumber - 1];
    if (fields.pageNumber !== undefined && !byNumber) throw refuse('pageNumber', `the PDF has ${pages.length} pages`);
    if (named && byNumber && named.id !== byNumber.id)
      throw refuse('projectImageId', `not page ${fields.pageNumber} (drop one of the two)`);
    const page = byNumber ?? named;
    if (!page) throw refuse('pageNumber', `required on a PDF thread (1–${pages.length})`);
    return { assetId: page.id, threadType: 'pdf', pageNumber: pages.indexOf(page) + 1, startTime: null, endTime: null };
  }
  throw refuse('isImageThread', 'this markup is a webpage: send isImageThread false with elements');
}

interface NewFileThread {
  markupId: string;
  author: WriteAuthor;
  input: CreateFileThreadInput;
  target: FilePinTarget;
  body: MessageBody;
  fileIds: string[];
  now: number;
  unlessSubscribed?: Unsubscribed;
}

/** One statement, as createThread (thread-writes.ts) but without elements and parents; undefined when refused by its gate. */
async function createFileThread(db: Db, thread: NewFileThread): Promise<WrittenThread | undefined> {
  const { input, target } = thread;
  const { values, add } = parameterList();
  const at = `${add(isoAt(thread.now))}::timestamptz`;
  const highlight = target.threadType === 'pdf' && input.textHighlight ? json(input.textHighlight) : null;
  const sql = `WITH counter AS (
      UPDATE markups SET thread_counter = thread_counter + 1, threads_version = pg_current_xact_id()::text::bigint
      WHERE id = ${add(thread.markupId)} AND NOT read_only ${unsubscribedCondition(thread.unlessSubscribed, add)}
      RETURNING thread_counter, workspace_id
    ), ${authorCte(thread.author, 'counter', add, at)},
    thread AS (
      INSERT INTO threads (id, markup_id, number, type, author_user_id, browser_context, offset_x_percentage, offset_y_percentage,
        markup_asset_id, start_time, end_time, page_number, text_highlight, width, height, annotations, priority,
        created_at, modified_at, last_activity_at)
      SELECT ${add(randomUUID())}::uuid, ${add(thread.markupId)}::uuid, counter.thread_counter, ${add(target.threadType)}, author.id,
        ${add(input.browserContext ? json(input.browserContext) : null)}::jsonb, ${add(input.offsetXPercentage)}::float8,
        ${add(input.offsetYPercentage)}::float8, ${add(target.assetId)}::uuid, ${add(target.startTime)}::float8, ${add(target.endTime)}::float8,
        ${add(target.pageNumber)}::int, ${add(highlight)}::jsonb, ${add(input.width ?? null)}::float8, ${add(input.height ?? null)}::float8,
        ${add(input.annotations ? json(input.annotations) : null)}::jsonb, ${add(input.priority ?? null)}::int, ${at}, ${at}, ${at}
      FROM counter, author
      RETURNING ${THREAD_RETURNING}
    ), ${messageCtes({ threadCte: 'thread', body: thread.body, fileIds: thread.fileIds, add, at })},
    activity AS (
      INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
      SELECT counter.workspace_id, thread.markup_id, thread.id, author.id, 'thread_created', ${at} FROM counter, thread, author
    )
    SELECT thread.*, false AS markup_read_only FROM thread`;
  const row = (await db.query<ThreadRow>(sql, values))[0];
  return row ? { row, children: null } : undefined;
}

/** A new file thread, announced as `comment_created`; 403 when the markup is read-only. */
export async function createAnnouncedFileThread(
  db: Db,
  caller: Caller,
  clock: Clock,
  thread: Omit<NewFileThread, 'author' | 'unlessSubscribed'> & { workspaceId: string },
): Promise<WrittenThread> {
  const type = 'comment_created';
  const unlessSubscribed = { workspaceId: thread.workspaceId, type } as const;
  const written = await createFileThread(db, { ...thread, author: writeAuthorOf(caller), unlessSubscribed });
  if (written) return written;
  return db.transaction(async (tx) => {
    const authorUserId = await actingUserId(tx, caller, thread.workspaceId, clock);
    const again = await createFileThread(tx, { ...thread, author: { userId: authorUserId } });
    if (!again) throw forbidden('New comments are paused on this markup (it is read-only)');
    await recordCommentEvent(tx, {
      type,
      workspaceId: thread.workspaceId,
      occurredAt: thread.now,
      threadId: again.row.id,
      messageId: 'first',
      actorUserId: authorUserId,
    });
    return again;
  });
}

/** Moves a file thread's pin (another image or page, a new point, time range or highlight); answers its short record. */
export async function moveFilePin(
  tx: Db,
  thread: ThreadRow,
  markup: MarkupRow,
  input: MoveFilePinInput,
  now: number,
): Promise<ShortImageThread | ShortPdfThread> {
  const video = markup.type === 'video';
  // Unchanged unless sent: the thread's image (or page), and on a video its time range.
  const fields: PinFields = {
    projectImageId: input.projectImageId ?? (input.pageNumber === undefined ? (thread.markup_asset_id ?? undefined) : undefined),
    pageNumber: input.pageNumber,
    startTime: input.startTime ?? (video ? (thread.start_time ?? undefined) : undefined),
    endTime: input.endTime === undefined ? (video && input.startTime === undefined ? thread.end_time : undefined) : input.endTime,
    textHighlight: input.textHighlight,
  };
  const target = await filePinTarget(tx, markup, fields);
  const highlight = target.threadType !== 'pdf' ? null : input.textHighlight === undefined ? thread.text_highlight : input.textHighlight;
  const [moved] = await tx.query<ThreadRow>(
    `UPDATE threads SET markup_asset_id = $2, offset_x_percentage = $3, offset_y_percentage = $4, start_time = $5, end_time = $6,
       page_number = $7, text_highlight = $8::jsonb, modified_at = $9::timestamptz
     WHERE id = $1 RETURNING ${THREAD_RETURNING}`,
    [
      thread.id,
      target.assetId,
      input.x,
      input.y,
      target.startTime,
      target.endTime,
      target.pageNumber,
      highlight ? json(highlight) : null,
      isoAt(now),
    ],
  );
  if (!moved) throw new Error(`thread ${thread.id} vanished while its pin moved`);
  return toShortFileThread(moved);
}
