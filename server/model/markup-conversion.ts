/**
 * Why a file markup is not ready yet, as the markup response shows it (`conversion`, an extra of
 * issue 17; docs/api-decisions.md, "File markups and conversion"): still being prepared, or failed
 * for good with a stable code and one human sentence. The worker's `last_error` is for operators
 * (it may quote a library's words); clients get only what is mapped here, never that text.
 */
import type { MarkupConversionError, MarkupConversionState } from '../../src/api/wire.ts';
import { PDF_MAX_BYTES, PDF_MAX_PAGES } from '../conversion/analyze.ts';
import { queryOne, type Db } from '../db/db.ts';

type FileType = 'image' | 'pdf' | 'video';

const UNREADABLE: Record<FileType, string> = {
  image: 'The file could not be read as an image (PNG, JPEG, GIF or WebP).',
  pdf: 'The file could not be read as a PDF.',
  video: 'The file could not be read as a video (MP4 or WebM).',
};

/**
 * The worker's words (server/conversion/analyze.ts, job.ts, video-header.ts) mapped to a code and a
 * sentence; a message not listed is an operational failure given up after the last attempt. Tested
 * against real corrupt files (markup-conversion.test.ts), so a reworded message is noticed there.
 */
const KNOWN: { pattern: RegExp; error: (type: FileType) => MarkupConversionError }[] = [
  {
    pattern: /^PDFs may be at most \d+ MB/,
    error: () => ({
      code: 'too_large',
      message: `The PDF is too large to be prepared for review (at most ${PDF_MAX_BYTES / 1024 / 1024} MB).`,
    }),
  },
  {
    pattern: /^the PDF has \d+ pages; at most/,
    error: () => ({ code: 'too_many_pages', message: `The PDF has too many pages to be prepared for review (at most ${PDF_MAX_PAGES}).` }),
  },
  { pattern: /^the PDF has no pages/, error: () => ({ code: 'unreadable', message: 'The PDF has no pages.' }) },
  {
    pattern: /^the uploaded file has \d+ bytes, more than/,
    error: () => ({ code: 'unreadable', message: 'The uploaded file is larger than the size announced for it.' }),
  },
  {
    pattern: /^(not a readable |not a PNG|the image data cannot|not an MP4|the MP4 |no moov box|not a WebM|the markup has no original)/,
    error: (type) => ({ code: 'unreadable', message: UNREADABLE[type] }),
  },
];

const GAVE_UP = 'The file could not be prepared for review. Please try again later.';

/** The code and sentence for a failed conversion's `last_error` (null: nothing recorded). */
export function conversionFailure(type: FileType, lastError: string | null): MarkupConversionError {
  const known = lastError ? KNOWN.find((entry) => entry.pattern.test(lastError)) : undefined;
  return known ? known.error(type) : { code: 'not_converted', message: GAVE_UP };
}

/**
 * A file markup's `conversion`: null once it is ready; `pending` while it waits (no row yet, or a
 * row retrying after an operational failure: that may still end well); `failed` for good.
 */
export async function conversionStateOf(
  db: Db,
  markup: { id: string; type: FileType; is_ready: boolean },
): Promise<MarkupConversionState | null> {
  if (markup.is_ready) return null;
  const row = await queryOne<{ status: string; last_error: string | null }>(
    db,
    'SELECT status, last_error FROM markup_conversions WHERE markup_id = $1',
    [markup.id],
    { prepare: true },
  );
  if (row?.status !== 'failed') return { status: 'pending', error: null };
  return { status: 'failed', error: conversionFailure(markup.type, row.last_error) };
}
