/**
 * Request schemas of the §4.4 markup endpoints, with the limits recorded in docs/api-decisions.md
 * ("Markups (§4.4)"). Query strings fail with 400, JSON bodies with 422 (server/http/validate.ts).
 */
import { z } from 'zod';
import { httpUrl } from './threads.ts';

export const MAX_MARKUP_NAME = 255;
export const DEFAULT_MARKUP_PAGE = 50;
export const MAX_MARKUP_PAGE = 100;
/** Items per bulk call: all of them are validated, then written in one transaction. */
export const MAX_BULK_ITEMS = 100;
export const MAX_REVIEW_COMMENT = 5000;

/** Trimmed first, so "   " is refused as empty rather than stored as a blank name. */
export const markupNameSchema = z.string().trim().min(1, 'must not be empty').max(MAX_MARKUP_NAME, `at most ${MAX_MARKUP_NAME} characters`);

const idField = z.string().min(1, 'must not be empty').max(100, 'at most 100 characters');
/** §4.4: an empty workspaceId falls back to the key's workspace, like an absent one. */
const optionalWorkspaceId = z
  .string()
  .max(100, 'at most 100 characters')
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const createFromUrlSchema = z.object({
  url: httpUrl,
  name: markupNameSchema.optional(),
  workspaceId: optionalWorkspaceId,
  parentFolderId: idField.optional(),
});
export type CreateFromUrlInput = z.output<typeof createFromUrlSchema>;

export const renameMarkupSchema = z.object({ name: markupNameSchema });

/** PATCH /markups/:id/read-only (§3: pausing new comments). */
export const readOnlySchema = z.object({ readOnly: z.boolean() });

export const createReviewSchema = z.object({
  comment: z.string().trim().min(1, 'must not be empty').max(MAX_REVIEW_COMMENT, `at most ${MAX_REVIEW_COMMENT} characters`),
});

const bulkItems = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'at least one item').max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items`);

export const bulkFromUrlSchema = z.object({ items: bulkItems(createFromUrlSchema) });

export const fromFileItemSchema = z.object({
  /** A completed `markup_asset` upload (POST /upload-policy, then /upload-complete). */
  fileId: idField,
  name: markupNameSchema.optional(),
  workspaceId: optionalWorkspaceId,
  parentFolderId: idField.optional(),
});
export type FromFileItem = z.output<typeof fromFileItemSchema>;
export const bulkFromFilesSchema = z.object({ items: bulkItems(fromFileItemSchema) });

const markupIds = z.array(idField).min(1, 'at least one id').max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} ids`);
export const bulkMoveSchema = z.object({ markupIds, targetFolderId: idField });
export const bulkDeleteSchema = z.object({ markupIds });

const intParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a non-negative integer')
  .transform(Number);
const limitParam = intParam.pipe(z.number().min(1, 'at least 1').max(MAX_MARKUP_PAGE, `at most ${MAX_MARKUP_PAGE}`));
const requiredWorkspaceId = z
  .string({ error: 'workspaceId is required' })
  .min(1, 'workspaceId is required')
  .max(100, 'at most 100 characters');

export const searchQuerySchema = z.object({
  workspaceId: requiredWorkspaceId,
  query: z.string().max(500, 'at most 500 characters').optional(),
  limit: limitParam.optional(),
});

export const listQuerySchema = z
  .object({
    workspaceId: requiredWorkspaceId,
    limit: limitParam.optional(),
    since: z.string().min(1, 'must not be empty').max(200).optional(),
    before: z.string().min(1, 'must not be empty').max(200).optional(),
    // Accepted and ignored (docs/api-decisions.md): §8 gives it no meaning, and every answer is live.
    ttl: intParam.optional(),
  })
  .refine((q) => !(q.since && q.before), { message: 'send at most one of since and before', path: ['before'] });
export type ListQuery = z.output<typeof listQuerySchema>;

export const fileUploadQuerySchema = z.object({
  name: markupNameSchema.optional(),
  workspaceId: requiredWorkspaceId,
  parentFolderId: idField.optional(),
});

/** POST /markups/objectstore: the file is described in the query; its bytes go straight to the store. */
export const objectstoreQuerySchema = z.object({
  name: markupNameSchema.optional(),
  workspaceId: requiredWorkspaceId,
  filesize: z
    .string({ error: 'filesize is required' })
    .regex(/^\d{1,16}$/, 'must be a whole number of bytes')
    .transform(Number)
    .refine((n) => n >= 1, 'must be at least 1 byte'),
  mimeType: z.string({ error: 'mimeType is required' }).min(1, 'mimeType is required').max(200, 'at most 200 characters'),
  parentFolderId: idField.optional(),
});
