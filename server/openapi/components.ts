/**
 * The reusable parts of the OpenAPI document: the error body and one response per 4xx status,
 * the version and idempotency headers, the bearer security schemes, and the success payloads.
 *
 * Success payloads have no zod schema (the server builds them as TypeScript values typed by
 * src/api/wire.ts, never parsing them), so they are hand-written minimal schemas: an object named
 * after its wire type, with a pointer there. Only the error body is spelled out field by field,
 * because every failure of every route shares it.
 */
import { API_VERSION, VERSION_HEADER } from '../http/version.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../http/idempotency.ts';
import type { ErrorStatus, JsonSchema } from './types.ts';

const WIRE_TYPES: Record<string, string> = {
  AuthConfigResponse: 'Installation configuration for the customer-JWT exchange.',
  AppAuthConfigResponse:
    '`{devSignIn, oidc: {issuer, authorizationEndpoint, tokenEndpoint, clientId, scope, audience?, redirectUri} | null}`.',
  MemberSessionResponse: 'A member session (`pmm_…`, 12 hours) with the workspace, role and the workspaces to switch to.',
  InboxResponse: '`{threads, total, cursorId}`: short thread records for the inbox (src/api/wire/inbox.ts).',
  TriageResponse: '`{threadId, assigneeId, priority, labels, modifiedAt}`.',
  SeenResponse: '`{threadId, lastSeenAt}`.',
  NotificationSettings: '`{mentions, assigned, participating, allThreads}`: what a member is mailed about (server/mail/wire.ts).',
  UnsubscribeResponse: '`{unsubscribed: true}`.',
  KeptMailList: '`{mails: [{id, threadId, to, subject, text, html, events, status, at}]}` (server/mail/wire.ts).',
  MailProblemList: '`{problems: [{id, threadId, to, status: retrying|failed, attempts, lastError, at}]}` (server/mail/wire.ts).',
  IntegrationList: '`{integrations: [IntegrationSummary]}` (server/integrations/wire.ts).',
  IntegrationSummary:
    '`{id, kind, name, enabled, settings, secrets (masked), inboundUrl, health, pendingJobs, failedJobs, recent, createdAt, modifiedAt}` (server/integrations/wire.ts).',
  IntegrationTestResult: '`{ok, message}`: what the service answered.',
  IntegrationInboundOutcome: '`{applied: true, threadId, resolved}` or `{applied: false, reason}`.',
  MoveThreadResponse: '`{threadId, projectId, number, modifiedAt}`: the markup the thread is on now and its number there.',
  ListInstallationsResponse: '`{installations: [{id, publicKey, allowedOrigins, createdAt}]}`.',
  InstallationSummary: 'An installation: `{id, publicKey, allowedOrigins, guestReporting, guestDailyThreadCap, createdAt}`.',
  GuestChallengeResponse: '`{challenge, bits, minSubmitMs}` (src/api/wire/guests.ts).',
  GuestSignInResponse: "ExchangeTokenResponse plus `name`: a guest's token, reaching only their own threads.",
  GuestResponse: '`{userId, name, email, installationId, blocked, createdAt}` (src/api/wire/guests.ts).',
  ExchangeTokenResponse: 'An exchange token (`pmx_…`, 1 hour) with the user and markup it is bound to.',
  SdkExchangeResponse: 'ExchangeTokenResponse plus `validatedSdkOrigin` and `name`.',
  ListThreadsResponse: '`{threads, query, offset, total, cursorId}`.',
  ThreadResponse: 'A thread with its messages and scopes: a webpage thread (elements, parents), an image/video thread or a PDF thread.',
  ResolveThreadResponse: '`{threadId, modifiedAt}`.',
  UnresolveThreadResponse: '`{threadId}`.',
  ShortWebpageThread: "The moved thread's pin fields (§2.3 short webpage, image or PDF record, by the thread's kind).",
  MessageResponse: 'One message with its author, attachments and scopes.',
  ScreenshotUploadPolicyResponse: '`{key, policy, bucket, metadata}`: a presigned POST for the image.',
  ScreenshotResponse: "The thread's screenshot with a signed read URL.",
  UploadPolicyResponse: '`{fileId, key, bucket, policy, metadata}`: a presigned POST for the file.',
  UploadCompleteResponse: 'The completed upload with a signed read URL.',
  MarkupObjectstoreResponse: '`{url, method: "PUT", headers, expiresAt, markupId, fileId}` (server/routes/markup-objectstore.ts).',
  MarkupResponse:
    'A markup (webpage, image, PDF or video) with its scopes. File markups carry `isReady` and the extra `conversion`: null once ready, else `{status: "pending" | "failed", error: {code: "unreadable" | "too_large" | "too_many_pages" | "not_converted", message} | null}` (`failed` is final: delete the markup and upload the file again).',
  MarkupListResponse: '`{data, hasMore, nextCursor, prevCursor}`.',
  MarkupSearchResponse: '`{data}`: matching markups.',
  ProjectReviewResponse: 'The review just recorded.',
  ProjectMessageTagsResponse: 'Users and tags that may be @mentioned on the markup.',
  ViewModesResponse: '`{viewModes}` with thread counts.',
  ItemResponse: 'A folder with its ancestors, or a markup item.',
  ListFolderItemsResponse: "One page of a folder's items with cursors.",
  WorkspaceResponse: 'A workspace.',
  WorkspaceDetailsResponse: 'WorkspaceResponse plus `iconUrl` once an icon is set.',
  WorkspaceStorageResponse:
    '`{workspaceId, usedBytes, pendingBytes, quotaBytes, userQuotaBytes}` plus `user` (exchange tokens) or `users` (API keys) (server/model/storage-usage.ts).',
  ListWorkspaceUsersResponse: '`{users, invitations}`.',
  ExternalUserResponse: 'An external user (customer-JWT identity) of the workspace.',
  WebhookRegistrationResponse: 'A webhook registration with its signing secret.',
  ListWebhookRegistrationsResponse: "`{data}`: the workspace's registrations.",
  UserMetricsPage: '`{data, total}` of per-user figures.',
  ProjectMetricsPage: '`{data, total}` of per-project figures.',
  UserWorkspaceTotals: 'Workspace totals of the user metrics.',
  ProjectWorkspaceTotals: 'Workspace totals of the project metrics.',
  WorkspaceLastUpdatedResponse: '`{workspaceId, lastUpdated, lastActivity}`.',
};

export const wireTypeNames = (): string[] => Object.keys(WIRE_TYPES);

const errorBody: JsonSchema = {
  type: 'object',
  description: 'The one error shape of the API (server/http/errors.ts; `ErrorBody` in src/api/wire.ts).',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'One of `ErrorCode` in src/api/wire.ts, e.g. validation_failed, not_found.' },
        message: { type: 'string' },
        details: {
          type: 'array',
          description: 'Per-field problems of validation failures.',
          items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
};

export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'bad_request (query), malformed_json (body), unsupported_api_version (header)' },
  401: { name: 'Unauthorized', description: 'unauthorized or token_expired: missing, unknown or expired credential' },
  403: { name: 'Forbidden', description: 'forbidden: valid credential, not allowed (e.g. an exchange token on an admin endpoint)' },
  404: { name: 'NotFound', description: "not_found: unknown or malformed id, or outside the caller's reach" },
  409: { name: 'Conflict', description: 'conflict, already_consumed, etag_mismatch, upload_not_found or idempotency_in_progress' },
  410: { name: 'Gone', description: 'session_expired' },
  413: { name: 'PayloadTooLarge', description: 'payload_too_large' },
  415: { name: 'UnsupportedMediaType', description: 'unsupported_media_type' },
  422: { name: 'ValidationFailed', description: 'validation_failed (JSON that fails the schema or a rule) or idempotency_key_reused' },
  429: { name: 'TooManyRequests', description: 'rate_limited' },
  507: {
    name: 'InsufficientStorage',
    description: "quota_exceeded: the user's or the workspace's storage quota is used up (delete files, then retry)",
  },
};

const versionHeader = { $ref: '#/components/headers/ServiceApiVersion' };

/** What a 429 carries besides the error (docs/api-decisions.md, "Rate limits"). */
const rateLimitHeaders: Record<string, JsonSchema> = {
  'Retry-After': {
    description: 'Seconds until the window ends and the request may be sent again',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed in the window (draft-ietf-httpapi-ratelimit-headers-06)',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window ends', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'The limit and its window, e.g. `60;w=60`', schema: { type: 'string' } },
};

export function components(): JsonSchema {
  const schemas: Record<string, JsonSchema> = { ErrorBody: errorBody };
  for (const [name, description] of Object.entries(WIRE_TYPES)) {
    schemas[name] = { type: 'object', description: `\`${name}\` in src/api/wire.ts: ${description}` };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      headers: { [VERSION_HEADER]: versionHeader, ...(status === '429' ? rateLimitHeaders : {}) },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return {
    schemas,
    responses,
    parameters: {
      ServiceApiVersion: {
        name: VERSION_HEADER,
        in: 'header',
        required: false,
        description: `Missing means ${API_VERSION}; any other value is refused with 400 unsupported_api_version.`,
        schema: { type: 'string', enum: [API_VERSION] },
      },
      IdempotencyKey: {
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description: `1–255 printable ASCII characters; a repeat within 25 h gets the first answer back (with ${REPLAYED_HEADER}: true).`,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
    headers: {
      ServiceApiVersion: { description: 'The API version that answered.', schema: { type: 'string', enum: [API_VERSION] } },
    },
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `pk_ws_…` (workspace) or `pk_org_…` (organization).' },
      exchangeToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'An exchange token `pmx_…` from POST /auth/exchange or /auth/sdk-exchange.',
      },
      idpAccessToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'An identity-provider access token (only POST /auth/sdk-exchange).',
      },
    },
  };
}
