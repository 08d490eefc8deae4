/**
 * Why a file markup is not ready yet, as the markup response shows it (`conversion`, an extra of
 * issue 17; docs/api-decisions.md, "File markups and conversion"): still being prepared, or failed
 * for good with a stable code and one human sentence, from the reason the worker recorded
 * (`failure_reason`). The worker's `last_error` is for operators (it may quote a library's words);
 * clients never get that text.
 */
import type { MarkupConversionError, MarkupConversionState } from '../../src/api/wire.ts';
import { PDF_MAX_BYTES, PDF_MAX_PAGES, type FailureReason } from '../conversion/analyze.ts';
import type { Db } from '../db/db.ts';

type FileType = 'image' | 'pdf' | 'video';

const UNREADABLE: Record<FileType, string> = {
  image: 'The file could not be read as an image (PNG, JPEG, GIF or WebP).',
  pdf: 'The file could not be read as a PDF.',
  video: 'The file could not be read as a video (MP4 or WebM).',
};

const REASONS: Record<FailureReason, (type: FileType) => MarkupConversionError> = {
  too_large: () => ({
    code: 'too_large',
    message: `The PDF is too large to be prepared for review (at most ${PDF_MAX_BYTES / 1024 / 1024} MB).`,
  }),
  too_many_pages: () => ({
    code: 'too_many_pages',
    message: `The PDF has too many pages to be prepared for review (at most ${PDF_MAX_PAGES}).`,
  }),
  no_pages: () => ({ code: 'unreadable', message: 'The PDF has no pages.' }),
  larger_than_declared: () => ({ code: 'unreadable', message: 'The uploaded file is larger than the size announced for it.' }),
  unreadable: (type) => ({ code: 'unreadable', message: UNREADABLE[type] }),
};

const GAVE_UP = 'The file could not be prepared for review. Please try again later.';

/**
 * The code and sentence for a failed conversion, from the reason the worker recorded
 * (`failure_reason`; null: given up after its attempts, e.g. the store was unreachable).
 */
export function conversionFailure(type: FileType, reason: string | null): MarkupConversionError {
  const known = reason && Object.hasOwn(REASONS, reason) ? REASONS[reason as FailureReason] : undefined;
  return known ? known(type) : { code: 'not_converted', message: GAVE_UP };
}

/**
 * Each file markup's `conversion`: null once it is ready; `pending` while it waits (no row yet, or a
 * row retrying after an operational failure: that may still end well); `failed` for good. One read
 * for all of them, and none when every markup is ready.
 */
export async function conversionStatesOf(
  db: Db,
  markups: { id: string; type: FileType; is_ready: boolean }[],
): Promise<Map<string, MarkupConversionState | null>> {
  const states = new Map<string, MarkupConversionState | null>();
  const waiting = markups.filter((markup) => !markup.is_ready);
  for (const markup of markups) states.set(markup.id, markup.is_ready ? null : { status: 'pending', error: null });
  if (waiting.length === 0) return states;
  const rows = await db.query<{ markup_id: string; status: string; failure_reason: string | null }>(
    'SELECT markup_id, status, failure_reason FROM markup_conversions WHERE markup_id = ANY($1::uuid[])',
    [waiting.map((markup) => markup.id)],
  );
  const types = new Map(waiting.map((markup) => [markup.id, markup.type]));
  for (const row of rows)
    if (row.status === 'failed')
      states.set(row.markup_id, { status: 'failed', error: conversionFailure(types.get(row.markup_id)!, row.failure_reason) });
  return states;
}
