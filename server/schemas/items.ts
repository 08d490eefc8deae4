/**
 * Request schemas of the items endpoints (§4.5) with the limits recorded in docs/api-decisions.md,
 * "Items (§4.5)": names, the list query (order, page/limit, before/since cursors, ttl) and the
 * archive/restore id lists.
 */
import { z } from 'zod';
import { FOLDER_ITEM_ORDERS } from '../../src/api/wire.ts';

export const MAX_ITEM_NAME = 255;
/** Ids per archive/restore call: one transaction locks them all, so the batch stays bounded. */
export const MAX_ITEMS_PER_CALL = 100;
export const DEFAULT_ITEMS_LIMIT = 50;
export const MAX_ITEMS_LIMIT = 100;
/** Deepest a folder may sit below the root: keeps ancestor walks and breadcrumbs short. */
export const MAX_FOLDER_DEPTH = 32;

/** Trimmed first, so "   " is refused as empty rather than stored as a blank name. */
const nameSchema = z.string().trim().min(1, 'must not be empty').max(MAX_ITEM_NAME, `at most ${MAX_ITEM_NAME} characters`);
const idField = z.string().min(1, 'must not be empty').max(100, 'at most 100 characters');

export const createFolderSchema = z.object({
  parentFolderId: idField,
  name: nameSchema,
  // An empty fallback means "none"; stored as null.
  fallbackName: z
    .string()
    .trim()
    .max(MAX_ITEM_NAME, `at most ${MAX_ITEM_NAME} characters`)
    .transform((v) => (v === '' ? null : v))
    .optional(),
});
export type CreateFolderInput = z.output<typeof createFolderSchema>;

export const renameItemSchema = z.object({ name: nameSchema });

export const moveItemsSchema = z.object({
  folderItemIds: z.array(idField).min(1, 'at least one id').max(MAX_ITEMS_PER_CALL, `at most ${MAX_ITEMS_PER_CALL} ids`),
  withPath: z.enum(['0', '1'], 'must be "0" or "1"').optional(),
});
export type MoveItemsInput = z.output<typeof moveItemsSchema>;

/** PATCH /items/move (the review app's "Move to…"): folders and markups into another folder. */
export const moveToFolderSchema = z
  .object({
    folderItemIds: z.array(idField).min(1, 'at least one id').max(MAX_ITEMS_PER_CALL, `at most ${MAX_ITEMS_PER_CALL} ids`),
    targetFolderId: idField,
  })
  .strict();

const intParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a non-negative integer')
  .transform(Number);

export const listItemsQuerySchema = z
  .object({
    order: z.enum(FOLDER_ITEM_ORDERS, `must be one of ${FOLDER_ITEM_ORDERS.join(', ')}`).optional(),
    page: intParam.pipe(z.number().min(1, 'pages start at 1')).optional(),
    limit: intParam.pipe(z.number().min(1, 'at least 1').max(MAX_ITEMS_LIMIT, `at most ${MAX_ITEMS_LIMIT}`)).optional(),
    before: z.string().min(1, 'must not be empty').max(1000).optional(),
    since: z.string().min(1, 'must not be empty').max(1000).optional(),
    // Accepted and ignored (docs/api-decisions.md): the spec gives it no meaning.
    ttl: intParam.optional(),
    workspaceId: idField.optional(),
  })
  .refine((q) => !(q.before && q.since), { message: 'send at most one of before and since', path: ['before'] })
  .refine((q) => q.page === undefined || (!q.before && !q.since), { message: 'page cannot be combined with a cursor', path: ['page'] });
export type ListItemsInput = z.output<typeof listItemsQuerySchema>;

export const workspaceQuerySchema = z.object({ workspaceId: idField.optional() });
