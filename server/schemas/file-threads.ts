/**
 * Request schemas of threads on file markups (image, PDF and video threads, §2.3 and §4.2
 * CreateThreadRequest with `isImageThread: true`), their move-pin body, and the file fields a
 * webpage thread must not carry. The limits are recorded in docs/api-decisions.md ("File markups").
 */
import { z } from 'zod';
import { deltaSchema } from '../domain/delta.ts';
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../domain/upload-rules.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { clipVideosSchema } from './clip-videos.ts';
import { attachmentRefSchema, browserContextSchema, httpUrl, prioritySchema, viewModeIdSchema } from './threads.ts';

const percentage = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');
/** Seconds into a video; 24 h bounds a number no video reaches. */
const seconds = z.number().min(0, 'must be at least 0 seconds').max(86_400, 'at most 86400 seconds');
const index = z.number().int('must be a whole number').min(0, 'must be at least 0').max(10_000_000, 'too large');
const key = z.string().min(1, 'must not be empty').max(500, 'at most 500 characters');

/** §4.2 ThreadTextHighlightRequest: every field required (a highlight without its ends cannot be drawn again). */
export const textHighlightSchema = z
  .object({
    startKey: key,
    endKey: key,
    startOffset: index,
    startIndex: index,
    endOffset: index,
    endIndex: index,
    text: z.string().min(1, 'must not be empty').max(5000, 'at most 5000 characters'),
  })
  .refine((h) => h.startIndex < h.endIndex || (h.startIndex === h.endIndex && h.startOffset <= h.endOffset), {
    message: 'the highlight must not end before it starts (startIndex/startOffset after endIndex/endOffset)',
    path: ['endIndex'],
  });

/** A webpage-only list: absent or empty on a file thread (a spec client may send `[]` since the table marks it required). */
const emptyOnFiles = (what: string) =>
  z.array(z.unknown()).max(0, `a pin on a file markup has no ${what}; send offsetXPercentage/offsetYPercentage`).optional();

export const createFileThreadSchema = z.object({
  isImageThread: z.literal(true, 'must be true for a thread on an image, PDF or video markup'),
  projectId: z.string().max(100).optional(),
  projectImageId: z.string().max(100).optional(),
  offsetXPercentage: percentage,
  offsetYPercentage: percentage,
  startTime: seconds.optional(),
  endTime: seconds.optional(),
  pageNumber: z.number().int('must be a whole number').min(1, 'pages are numbered from 1').max(100_000).optional(),
  textHighlight: textHighlightSchema.optional(),
  message: deltaSchema,
  attachments: z
    .array(attachmentRefSchema)
    .max(MAX_ATTACHMENTS_PER_MESSAGE, `at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`)
    .optional(),
  clipVideos: clipVideosSchema.optional(),
  width: z.number().min(0).max(100_000).optional(),
  height: z.number().min(0).max(100_000).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  requireDimensionsOverride: z.boolean().optional(),
  priority: prioritySchema.optional(),
  // The spec's table marks these required for every thread, so clients send them; on a file they say nothing
  // about the pin. Accepted when well-formed and not stored, except browserContext (the reviewer's browser).
  url: httpUrl.optional(),
  canonicalUrl: httpUrl.optional(),
  viewModeId: viewModeIdSchema.optional(),
  browserContext: browserContextSchema.optional(),
  elements: emptyOnFiles('elements'),
  elementParents: emptyOnFiles('element parents'),
});
export type CreateFileThreadInput = z.output<typeof createFileThreadSchema>;

export const moveFilePinSchema = z
  .object({
    projectImageId: z.string().max(100).optional(),
    pageNumber: z.number().int('must be a whole number').min(1, 'pages are numbered from 1').max(100_000).optional(),
    offsetXPercentage: percentage.optional(),
    offsetYPercentage: percentage.optional(),
    // The spec's (webpage) move-pin names the point viewportX/YPercentage; accepted as the same point.
    viewportXPercentage: percentage.optional(),
    viewportYPercentage: percentage.optional(),
    startTime: seconds.optional(),
    endTime: seconds.nullable().optional(),
    textHighlight: textHighlightSchema.nullable().optional(),
    elements: emptyOnFiles('elements'),
    elementParents: emptyOnFiles('element parents'),
  })
  .transform((input, ctx) => {
    const x = input.offsetXPercentage ?? input.viewportXPercentage;
    const y = input.offsetYPercentage ?? input.viewportYPercentage;
    if (x === undefined) ctx.addIssue({ code: 'custom', path: ['offsetXPercentage'], message: 'required (0–100)' });
    if (y === undefined) ctx.addIssue({ code: 'custom', path: ['offsetYPercentage'], message: 'required (0–100)' });
    return { ...input, x: x ?? 0, y: y ?? 0 };
  });
export type MoveFilePinInput = z.output<typeof moveFilePinSchema>;

/** The file-thread fields a webpage thread refuses (422 naming each one sent). */
const FILE_ONLY_FIELDS = ['projectImageId', 'pageNumber', 'textHighlight', 'startTime', 'endTime'] as const;

export function refuseFileFieldsOnWebpage(input: Partial<Record<(typeof FILE_ONLY_FIELDS)[number], unknown>>): void {
  const details: ErrorDetail[] = FILE_ONLY_FIELDS.filter((field) => input[field] !== undefined).map((field) => ({
    path: field,
    message: 'only for threads on image, PDF or video markups; this markup is a webpage',
  }));
  if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
}

/** 422 for `isImageThread` not matching the markup: true on a webpage, false (or absent) on a file. */
export function wrongThreadKind(markupType: string) {
  const webpage = markupType === 'webpage';
  const message = webpage
    ? 'must be false for a webpage markup'
    : `must be true for a ${markupType} markup (an image, PDF or video thread)`;
  return validationFailed(`isImageThread: ${message}`, [{ path: 'isImageThread', message }]);
}
