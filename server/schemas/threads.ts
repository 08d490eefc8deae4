/**
 * Request schemas of the thread endpoints (CreateThreadRequest, MovePinRequest, the list query),
 * with the limits recorded in docs/api-decisions.md.
 */
import { z } from 'zod';
import { deltaSchema } from '../domain/delta.ts';
import { VIEW_MODE_IDS } from '../domain/view-modes.ts';
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../domain/upload-rules.ts';
import { clipVideosSchema } from './clip-videos.ts';

const percentage = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const httpUrl = z.string().max(2048, 'at most 2048 characters').refine(isHttpUrl, 'must be an absolute http(s) URL');

export const elementSchema = z.object({
  elementPath: z.string().min(1).max(2000),
  offsetXPercentage: percentage,
  offsetYPercentage: percentage,
});

export const elementParentSchema = z.object({
  url: httpUrl,
  canonicalUrl: httpUrl,
  path: z.string().min(1).max(2000),
  depth: z.number().int().min(1, 'depth starts at 1 (the parent)'),
});

const contextString = z.string().max(200);
const pixels = z.number().min(0).max(100_000);

export const browserContextSchema = z.object({
  browserName: contextString,
  browserVersion: contextString,
  os: contextString,
  osVersion: contextString,
  osVersionName: contextString,
  platform: contextString,
  screenWidth: pixels,
  screenHeight: pixels,
  viewportWidth: pixels,
  viewportHeight: pixels,
  devicePixelRatio: z.number().positive().max(100).optional(),
  userAgent: z.string().max(1000).optional(),
});

export const viewModeIdSchema = z.enum(VIEW_MODE_IDS, `must be one of ${VIEW_MODE_IDS.join(', ')}`);

export const attachmentRefSchema = z.object({ fileId: z.string().min(1).max(200) });

export const prioritySchema = z.number().int().min(0).max(1000);

const jsonObject = z.record(z.string(), z.unknown());

export const createThreadSchema = z.object({
  isImageThread: z.boolean(),
  projectId: z.string().max(100).optional(),
  projectImageId: z.string().max(100).optional(),
  url: httpUrl,
  canonicalUrl: httpUrl,
  elements: z.array(elementSchema).min(1, 'at least one element').max(10, 'at most 10 elements'),
  offsetXPercentage: percentage,
  offsetYPercentage: percentage,
  startTime: z.number().min(0).optional(),
  endTime: z.number().min(0).optional(),
  message: deltaSchema,
  browserContext: browserContextSchema,
  elementParents: z.array(elementParentSchema).max(50, 'at most 50 element parents'),
  viewModeId: viewModeIdSchema,
  attachments: z
    .array(attachmentRefSchema)
    .max(MAX_ATTACHMENTS_PER_MESSAGE, `at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`)
    .optional(),
  clipVideos: clipVideosSchema.optional(),
  width: z.number().min(0).optional(),
  height: z.number().min(0).optional(),
  annotations: jsonObject.optional(),
  textHighlight: jsonObject.optional(),
  pageNumber: z.number().int().min(1).optional(),
  requireDimensionsOverride: z.boolean().optional(),
  priority: prioritySchema.optional(),
});
export type CreateThreadInput = z.output<typeof createThreadSchema>;

export const movePinSchema = z.object({
  url: httpUrl,
  canonicalUrl: httpUrl,
  elements: z.array(elementSchema).min(1, 'at least one element').max(10, 'at most 10 elements'),
  browserContext: browserContextSchema,
  elementParents: z.array(elementParentSchema).max(50, 'at most 50 element parents'),
  viewportXPercentage: percentage,
  viewportYPercentage: percentage,
});
export type MovePinInput = z.output<typeof movePinSchema>;

export const booleanParam = z.enum(['true', 'false', '1', '0'], 'must be true or false').transform((v) => v === 'true' || v === '1');
// Bounded to safe integers: a longer number would reach SQL as "1e+30" (a 500, not a 400).
export const intParam = z
  .string()
  .regex(/^\d+$/, 'must be a non-negative integer')
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'too large'));

export const THREAD_ORDERS = ['page', 'pin_asc', 'pin_desc', 'activity', 'timestamp', 'priority_asc', 'priority_desc'] as const;

export const listThreadsQuerySchema = z.object({
  markupId: z.string({ error: 'markupId is required' }).min(1, 'markupId is required'),
  cursorId: z.string().max(2000).optional(),
  limit: intParam.optional(),
  withThreadOrMessageId: z.string().max(100).optional(),
  resolved: booleanParam.optional(),
  order: z.enum(THREAD_ORDERS, `must be one of ${THREAD_ORDERS.join(', ')}`).optional(),
  viewMode: viewModeIdSchema.optional(),
  q: z.string().max(500).optional(),
  offset: intParam.optional(),
});
export type ListThreadsInput = z.output<typeof listThreadsQuerySchema>;
