/**
 * OpenAPI rows of the markup (§4.4) and item (§4.5) endpoints, including the bulk, multipart,
 * object-store and review forms. The `/markups/{id}` writes only match a UUID (a Hono pattern,
 * so fixed paths such as /markups/objectstore win); their parameter says so.
 */
import {
  bulkDeleteSchema,
  bulkFromFilesSchema,
  bulkFromUrlSchema,
  bulkMoveSchema,
  createFromUrlSchema,
  createReviewSchema,
  fileUploadQuerySchema,
  listQuerySchema,
  objectstoreQuerySchema,
  readOnlySchema,
  renameMarkupSchema,
  searchQuerySchema,
} from '../schemas/markups.ts';
import { createFolderSchema, listItemsQuerySchema, moveItemsSchema, renameItemSchema, workspaceQuerySchema } from '../schemas/items.ts';
import { MARKUP_FILE_MAX_BYTES, MAX_FILES_PER_MARKUP, UPLOAD_RULES } from '../domain/upload-rules.ts';
import { created, noContent, ok } from './rows.ts';
import type { JsonSchema, RouteDoc } from './types.ts';

const uuidPattern = { id: { type: 'string', format: 'uuid', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } };

/** The streamed upload is read part by part (server/storage/multipart.ts), not by a zod schema. */
const fileForm: JsonSchema = {
  type: 'object',
  description: `Up to ${MARKUP_FILE_MAX_BYTES / 1024 / 1024} MB in all: one PDF or video, or up to ${MAX_FILES_PER_MARKUP} images (one image markup). Other fields are ignored.`,
  properties: {
    file: { type: 'string', contentMediaType: 'application/octet-stream', description: `One of ${UPLOAD_RULES.markup_asset.types.join(', ')}.` },
    files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } },
  },
};

export const markupRoutesDoc: RouteDoc[] = [
  // §4.4 creating markups
  { method: 'post', path: '/markups/objectstore', operationId: 'createMarkupForObjectStore', summary: 'Create a file markup and a URL to PUT its file to', tag: 'markups', auth: 'apiKey',
    query: objectstoreQuerySchema, success: ok('MarkupObjectstoreResponse'), errors: [404, 413, 415, 422, 507] },
  { method: 'post', path: '/markups/file', operationId: 'createMarkupFromFile', summary: 'Create a file markup from a multipart upload', tag: 'markups', auth: 'apiKey',
    query: fileUploadQuerySchema, body: { multipart: fileForm }, success: ok('MarkupResponse'), errors: [404, 413, 415, 422, 507],
    description: 'Idempotency-Key is refused here (400): the upload is streamed and not kept to compare a retry with.' },
  { method: 'post', path: '/markups/url', operationId: 'createMarkupFromUrl', summary: 'Create a webpage markup', tag: 'markups', auth: 'apiKey',
    body: createFromUrlSchema, success: ok('MarkupResponse'), errors: [404] },
  { method: 'post', path: '/markups/bulk/from-url', operationId: 'bulkCreateMarkupsFromUrls', summary: 'Create many webpage markups (all or nothing)', tag: 'markups', auth: 'apiKey',
    body: bulkFromUrlSchema, success: noContent() },
  { method: 'post', path: '/markups/bulk/from-files', operationId: 'bulkCreateMarkupsFromFiles', summary: 'Create many file markups from completed uploads (all or nothing)', tag: 'markups', auth: 'apiKey',
    body: bulkFromFilesSchema, success: noContent() },
  { method: 'post', path: '/markups/bulk/move', operationId: 'bulkMoveMarkups', summary: 'Move many markups to a folder (all or nothing)', tag: 'markups', auth: 'apiKey',
    body: bulkMoveSchema, success: noContent() },
  { method: 'post', path: '/markups/bulk/delete', operationId: 'bulkDeleteMarkups', summary: 'Delete many markups (all or nothing)', tag: 'markups', auth: 'apiKey',
    body: bulkDeleteSchema, success: noContent() },

  // §4.4 reading and changing markups
  { method: 'get', path: '/markups/search', operationId: 'searchMarkups', summary: 'Search a workspace\'s markups by name', tag: 'markups', auth: 'apiKey',
    query: searchQuerySchema, success: ok('MarkupSearchResponse'), errors: [404] },
  { method: 'get', path: '/markups', operationId: 'listMarkups', summary: 'List a workspace\'s markups', tag: 'markups', auth: 'apiKey',
    query: listQuerySchema, success: ok('MarkupListResponse'), errors: [404] },
  { method: 'get', path: '/markups/{id}', operationId: 'getMarkup', summary: 'Read a markup', tag: 'markups', auth: 'any', success: ok('MarkupResponse') },
  { method: 'post', path: '/markups/{id}', operationId: 'renameMarkup', summary: 'Rename a markup', tag: 'markups', auth: 'apiKey',
    params: uuidPattern, body: renameMarkupSchema, success: ok('MarkupResponse') },
  { method: 'delete', path: '/markups/{id}', operationId: 'deleteMarkup', summary: 'Delete a markup with its threads and files', tag: 'markups', auth: 'apiKey',
    params: uuidPattern, success: noContent() },
  { method: 'post', path: '/markups/{id}/reviews', operationId: 'createMarkupReview', summary: 'Record a project review (extension)', tag: 'markups', auth: 'any',
    params: uuidPattern, body: createReviewSchema, success: created('ProjectReviewResponse') },
  { method: 'get', path: '/markups/{id}/tag', operationId: 'getMarkupTags', summary: 'Users and tags that may be mentioned on a markup', tag: 'markups', auth: 'any',
    success: ok('ProjectMessageTagsResponse') },
  { method: 'get', path: '/markups/{id}/view-modes', operationId: 'getMarkupViewModes', summary: 'A markup\'s view modes with thread counts', tag: 'markups', auth: 'any',
    success: ok('ViewModesResponse') },
  { method: 'patch', path: '/markups/{id}/read-only', operationId: 'setMarkupReadOnly', summary: 'Pause or resume new comments on a markup', tag: 'markups', auth: 'apiKey',
    body: readOnlySchema, success: ok('MarkupResponse'), description: 'Pausing needs the plan\'s pauseCommentsEnabled (403 otherwise).' },

  // §4.5 items
  { method: 'patch', path: '/items/archive', operationId: 'archiveItems', summary: 'Move folders and markups to the archive', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, body: moveItemsSchema, success: noContent(), errors: [404] },
  { method: 'patch', path: '/items/restore', operationId: 'restoreItems', summary: 'Restore archived folders and markups', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, body: moveItemsSchema, success: noContent(), errors: [404] },
  { method: 'get', path: '/items/{id}', operationId: 'getItem', summary: 'Read a folder (with its ancestors) or a markup', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, success: ok('ItemResponse') },
  { method: 'get', path: '/items/{id}/items', operationId: 'listFolderItems', summary: 'List a folder\'s items', tag: 'items', auth: 'apiKey',
    query: listItemsQuerySchema, success: ok('ListFolderItemsResponse') },
  { method: 'post', path: '/items', operationId: 'createFolder', summary: 'Create a folder', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, body: createFolderSchema, success: noContent('The new folder\'s address is in the Location header.'), errors: [404] },
  { method: 'patch', path: '/items/{id}', operationId: 'renameItem', summary: 'Rename a folder or a markup', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, body: renameItemSchema, success: noContent() },
  { method: 'delete', path: '/items/{id}', operationId: 'deleteItem', summary: 'Delete a folder (its whole subtree) or a markup', tag: 'items', auth: 'apiKey',
    query: workspaceQuerySchema, success: noContent() },
];
