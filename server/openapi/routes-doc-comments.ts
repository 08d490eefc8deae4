/**
 * OpenAPI rows of the reviewer-facing endpoints: authentication (§4.1), threads and screenshots
 * (§4.2), messages (§4.3), uploads (§4.8) and the document itself. Errors listed here are the
 * ones the handlers raise; document.ts adds those the middleware implies (version, credential,
 * body parsing, idempotency).
 */
import { authConfigQuerySchema, exchangeSchema, sdkExchangeResultQuerySchema, sdkExchangeSchema } from '../schemas/auth.ts';
import { createThreadSchema, listThreadsQuerySchema, movePinSchema } from '../schemas/threads.ts';
import { createMessageSchema, updateMessageSchema } from '../schemas/messages.ts';
import { putScreenshotSchema, screenshotPolicyQuerySchema, uploadCompleteSchema, uploadPolicySchema } from '../schemas/uploads.ts';
import { noContent, ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const commentRoutesDoc: RouteDoc[] = [
  { method: 'get', path: '/openapi.json', operationId: 'getOpenApiDocument', summary: 'This OpenAPI 3.1 document', tag: 'meta', auth: 'public',
    success: { status: 200, plain: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },

  // §4.1 authentication
  { method: 'get', path: '/auth/config', operationId: 'getAuthConfig', summary: 'Installation configuration for a public key', tag: 'auth', auth: 'public',
    query: authConfigQuerySchema, success: ok('AuthConfigResponse'), errors: [404] },
  { method: 'post', path: '/auth/exchange', operationId: 'exchangeCustomerToken', summary: 'Exchange a customer JWT for an exchange token', tag: 'auth', auth: 'public',
    body: exchangeSchema, success: ok('ExchangeTokenResponse'), errors: [401] },
  { method: 'post', path: '/auth/sdk-exchange', operationId: 'sdkExchange', summary: 'Exchange an identity-provider access token for an exchange token', tag: 'auth', auth: 'idp',
    body: sdkExchangeSchema, success: ok('SdkExchangeResponse'), errors: [403, 404, 409] },
  { method: 'get', path: '/auth/sdk-exchange/result', operationId: 'getSdkExchangeResult', summary: 'Read the result of an SDK sign-in once', tag: 'auth', auth: 'public',
    query: sdkExchangeResultQuerySchema, success: ok('SdkExchangeResponse'), errors: [403, 404, 409, 410],
    description: 'The caller\'s origin (Origin, else Referer) must be the sdkOrigin recorded at sign-in.' },

  // §4.2 threads
  { method: 'get', path: '/threads', operationId: 'listThreads', summary: 'List the threads of a markup', tag: 'threads', auth: 'any',
    query: listThreadsQuerySchema, success: ok('ListThreadsResponse'), errors: [404, 422] },
  { method: 'get', path: '/threads/{id}', operationId: 'getThread', summary: 'Read a thread', tag: 'threads', auth: 'any', success: ok('ThreadResponse') },
  { method: 'post', path: '/threads', operationId: 'createThread', summary: 'Create a thread (its first message included)', tag: 'threads', auth: 'any',
    body: createThreadSchema, success: ok('ThreadResponse'), errors: [403, 404] },
  { method: 'post', path: '/threads/{id}/resolve', operationId: 'resolveThread', summary: 'Resolve a thread', tag: 'threads', auth: 'any', success: ok('ResolveThreadResponse') },
  { method: 'post', path: '/threads/{id}/unresolve', operationId: 'unresolveThread', summary: 'Reopen a resolved thread', tag: 'threads', auth: 'any', success: ok('UnresolveThreadResponse') },
  { method: 'delete', path: '/threads/{id}', operationId: 'deleteThread', summary: 'Delete a thread with its messages and files', tag: 'threads', auth: 'any',
    success: noContent(), errors: [403] },
  { method: 'patch', path: '/threads/{id}/move-pin', operationId: 'moveThreadPin', summary: 'Move a thread\'s pin', tag: 'threads', auth: 'any',
    body: movePinSchema, success: ok('ShortWebpageThread'), errors: [403] },
  { method: 'get', path: '/threads/{id}/screenshot-upload-policy', operationId: 'getScreenshotUploadPolicy', summary: 'A presigned POST for a thread screenshot', tag: 'screenshots', auth: 'any',
    query: screenshotPolicyQuerySchema, success: ok('ScreenshotUploadPolicyResponse'), errors: [403, 409, 413, 415, 507] },
  { method: 'put', path: '/threads/{id}/screenshot', operationId: 'putThreadScreenshot', summary: 'Attach an uploaded screenshot to a thread', tag: 'screenshots', auth: 'any',
    body: putScreenshotSchema, success: ok('ScreenshotResponse'), errors: [403, 409, 507] },
  { method: 'get', path: '/threads/{id}/screenshot', operationId: 'getThreadScreenshot', summary: 'Read a thread\'s screenshot', tag: 'screenshots', auth: 'any', success: ok('ScreenshotResponse') },

  // §4.8 uploads
  { method: 'post', path: '/upload-policy', operationId: 'createUploadPolicy', summary: 'A presigned POST for uploading a file', tag: 'uploads', auth: 'any',
    body: uploadPolicySchema, success: ok('UploadPolicyResponse'), errors: [403, 404, 507] },
  { method: 'post', path: '/upload-complete', operationId: 'completeUpload', summary: 'Confirm that an uploaded file is in the store', tag: 'uploads', auth: 'any',
    body: uploadCompleteSchema, success: ok('UploadCompleteResponse'), errors: [404, 507] },

  // §4.3 messages
  { method: 'post', path: '/threads/{threadId}/messages', operationId: 'createMessage', summary: 'Reply to a thread', tag: 'messages', auth: 'any',
    body: createMessageSchema, success: ok('MessageResponse'), errors: [403] },
  { method: 'patch', path: '/messages/{id}', operationId: 'updateMessage', summary: 'Edit a message (or its thread\'s priority)', tag: 'messages', auth: 'any',
    body: updateMessageSchema, success: ok('MessageResponse'), errors: [403] },
  { method: 'delete', path: '/messages/{id}', operationId: 'deleteMessage', summary: 'Delete a reply', tag: 'messages', auth: 'any',
    success: noContent(), errors: [403, 409], description: 'The first message is the thread itself: 409, delete the thread instead.' },
];
