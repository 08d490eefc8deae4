/**
 * Wire types of the Feedback and Markup Service API v2 (../shared/spec/feedback-api-v2.md).
 *
 * This is the only file the reference server and the widget share: it describes JSON on the wire,
 * nothing else. Runtime types of the widget (pins on screen, UI state) live beside their code.
 * Shapes the spec leaves "not shown" are the project's decisions, recorded in docs/api-decisions.md;
 * the widget must stay tolerant of other reasonable shapes, so optional fields are marked as such.
 */

/** Epoch milliseconds (threads, messages, users embedded in threads). */
export type EpochMs = number;
/** ISO 8601 string (markups, auth expiresAt). */
export type Iso8601 = string;

export const SERVICE_API_VERSION = '2023-02-22';
export const API_PREFIX = '/api/v2';

/** Every success response with a body. */
export interface DataEnvelope<T> {
  data: T;
}

/** Every error response. `details` lists per-field problems for validation errors. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: { path: string; message: string }[];
  };
}

export type ErrorCode =
  | 'bad_request'
  | 'malformed_json'
  | 'validation_failed'
  | 'unsupported_api_version'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'already_consumed'
  | 'session_expired'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  // Uploads and object storage (docs/api-decisions.md, "Uploads, screenshots and storage").
  | 'policy_expired'
  | 'url_expired'
  | 'entity_too_large'
  | 'upload_not_found'
  | 'etag_mismatch'
  // Idempotency keys (docs/api-decisions.md, "Idempotency keys").
  | 'idempotency_key_reused'
  | 'idempotency_in_progress';

// ---------------------------------------------------------------- Delta (Quill rich text)

/** Attributes of a Delta op; only inline/line formats Pinmark knows are typed, others pass through. */
export interface DeltaAttributes {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
  list?: 'bullet' | 'ordered';
  [format: string]: unknown;
}

/** A mention embed, in the shape of the common quill-mention module. */
export interface MentionEmbed {
  mention: { id: string; value: string; denotationChar?: string; index?: string | number };
}

export type DeltaInsert = string | MentionEmbed | Record<string, unknown>;

export interface DeltaOp {
  insert: DeltaInsert;
  attributes?: DeltaAttributes;
}

/** A document Delta: inserts only, ending with a newline. */
export interface Delta {
  ops: DeltaOp[];
}

// ---------------------------------------------------------------- Users

export interface AuthorUser {
  id: string;
  name: string;
  guest: boolean;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  email?: string;
  avatarUrl?: string | null;
}

export interface UserMetaData {
  lastSeenAt: EpochMs | null;
}

// ---------------------------------------------------------------- Messages

export interface Attachment {
  id: string;
  messageId: string;
  url: string;
  etag: string;
  mimeType: string;
  originalFilename: string;
  filesize: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

export interface VideoClip {
  id: string;
  messageId: string;
  title: string;
  sharedUrl: string;
  width: number;
  height: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

/** Scopes the server grants the caller on a message. */
export type MessageScope = 'update-message' | 'delete-message';

export interface MessageResponse {
  id: string;
  threadId: string;
  /** Plain text derived from messageJson. */
  message: string;
  messageJson: Delta;
  /** Plain text; equal to `message` (kept for clients that read `content`). */
  content: string;
  mentionIds: string[];
  scopes: string[];
  assignedRoleSlugs: string[];
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: AuthorUser;
  userMetaData: UserMetaData;
  attachments: Attachment[];
  clipVideos: VideoClip[];
}

export interface CreateMessageRequest {
  content?: string;
  mentionIds?: string[];
  message?: Delta;
  attachments?: MessageRequestAttachment[];
  clipVideos?: unknown[];
}

export interface UpdateMessageRequest extends CreateMessageRequest {
  priority?: number;
}

/** Decided: a reference returned by upload-complete. */
export interface MessageRequestAttachment {
  fileId: string;
}

// ---------------------------------------------------------------- Threads

export interface ThreadElement {
  id: string;
  threadId: string;
  path: string;
  offsetXPercentage: number;
  offsetYPercentage: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

export interface ThreadParent {
  id: string;
  path: string;
  proxyUrl: string;
  originalUrl: string;
  canonicalUrl: string;
  depth: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

export interface BrowserContext {
  browserName: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  osVersionName: string;
  platform: string;
  screenWidth: number;
  screenHeight: number;
  viewportWidth: number;
  viewportHeight: number;
  /** Decided extras (optional): device pixel ratio and the UA string. */
  devicePixelRatio?: number;
  userAgent?: string;
}

/** Scopes the server grants the caller on a thread. */
export type ThreadScope = 'reply' | 'resolve-thread' | 'delete-thread' | 'move-pin' | 'update-thread';

export interface WebpageThreadResponse {
  id: string;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  scopes: string[];
  assignedRoleSlugs: string[];
  user: AuthorUser;
  number: number;
  resolved: boolean;
  messages: MessageResponse[];
  userMetaData: UserMetaData;
  lastActivityAt: EpochMs;
  annotations: Record<string, unknown> | null;
  projectId: string;
  proxyUrl: string;
  originalUrl: string;
  canonicalUrl: string;
  elements: ThreadElement[];
  parents: ThreadParent[];
  browserContext: BrowserContext | Record<string, unknown>;
  viewModeId: string;
  /** Decided extras: page-level fallback offsets and priority. */
  offsetXPercentage?: number;
  offsetYPercentage?: number;
  priority?: number | null;
  /** Decided extra: the thread's screenshot (null without one), so lists need no extra request. */
  screenshot?: ScreenshotResponse | null;
}

export type ThreadResponse = WebpageThreadResponse;

export interface CreateThreadRequestElement {
  elementPath: string;
  offsetXPercentage: number;
  offsetYPercentage: number;
}

export interface ThreadElementParentRequest {
  url: string;
  canonicalUrl: string;
  path: string;
  depth: number;
}

export interface CreateThreadRequest {
  isImageThread: boolean;
  projectId?: string;
  projectImageId?: string;
  url: string;
  canonicalUrl: string;
  elements: CreateThreadRequestElement[];
  offsetXPercentage: number;
  offsetYPercentage: number;
  startTime?: number;
  endTime?: number;
  message: Delta;
  browserContext: BrowserContext;
  elementParents: ThreadElementParentRequest[];
  viewModeId: string;
  attachments?: MessageRequestAttachment[];
  clipVideos?: unknown[];
  width?: number;
  height?: number;
  annotations?: Record<string, unknown>;
  textHighlight?: Record<string, unknown>;
  pageNumber?: number;
  requireDimensionsOverride?: boolean;
  priority?: number;
}

export type ThreadOrder = 'page' | 'pin_asc' | 'pin_desc' | 'activity' | 'timestamp' | 'priority_asc' | 'priority_desc';
export type ViewModeCategory = 'desktop' | 'tablet' | 'mobile';

export interface ListThreadsQuery {
  markupId: string;
  cursorId?: string;
  limit?: number;
  withThreadOrMessageId?: string;
  resolved?: boolean;
  order?: ThreadOrder;
  viewMode?: ViewModeCategory;
  q?: string;
  offset?: number;
}

export interface ListThreadsResponse {
  threads: ThreadResponse[];
  query: { resolved?: boolean };
  offset: number;
  total: number;
  /** Cursor of the next page; absent or empty when this is the last page. */
  cursorId?: string | null;
}

export interface ResolveThreadResponse {
  threadId: string;
  modifiedAt: EpochMs;
}

export interface UnresolveThreadResponse {
  threadId: string;
}

export interface MovePinRequest {
  url: string;
  canonicalUrl: string;
  elements: CreateThreadRequestElement[];
  browserContext: BrowserContext;
  elementParents: ThreadElementParentRequest[];
  viewportXPercentage: number;
  viewportYPercentage: number;
}

export interface ShortWebpageThread {
  id: string;
  userId: string;
  projectId: string;
  number: number;
  resolved: boolean;
  proxyHostId: string | null;
  urlPath: string;
  canonicalUrl: string;
  viewModeId: string;
}

// ---------------------------------------------------------------- Markups

export interface ProjectNoteResponse {
  id: string;
  projectId: string;
  note: string;
  showNoteOnProjectOpen: boolean;
}

export interface ProjectReviewResponse {
  projectId: string;
  userId: string;
  comment: string;
  createdAt: EpochMs;
}

/** Scopes the server grants the caller on a markup. */
export type MarkupScope = 'create-thread' | 'update-project-read-only' | 'delete-project' | 'update-project';

/** §2.1 ProjectType: `webpage` plus the file kinds (decided: `image`, `pdf`, `video`). */
export type MarkupType = 'webpage' | 'image' | 'pdf' | 'video';

/** The fields every markup variant shares (§2.1). */
export interface MarkupBaseResponse {
  id: string;
  createdAt: Iso8601;
  modifiedAt: Iso8601;
  deletedAt: Iso8601 | null;
  type: MarkupType;
  name: string;
  markupUrl: string;
  /** A signed read URL (expires) for file markups once converted; null until then. */
  thumbnailUrl: string | null;
  activeThreads: number;
  readOnly: boolean;
  status: 'editing' | string;
  note: ProjectNoteResponse | null;
  projectReviews: ProjectReviewResponse[];
  scopes: string[];
}

export interface WebpageMarkupResponse extends MarkupBaseResponse {
  type: 'webpage';
  url: string;
}

/**
 * Decided (§2.1 leaves it open): one image of an image markup, or one page of a PDF markup.
 * Dimensions are null until conversion has measured them.
 */
export interface MarkupImage {
  id: string;
  /** Signed read URL of the file (a PDF's pages all point at the PDF); expires. */
  url: string | null;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  /** 0-based order among the markup's images. */
  position: number;
  /** 1-based page number for PDF pages; null for images. */
  pageNumber: number | null;
}

/** Decided: the video of a video markup; dimensions and duration null until conversion. */
export interface MarkupVideo {
  id: string;
  url: string | null;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

export interface ImageMarkupResponse extends MarkupBaseResponse {
  type: 'image';
  originalMimeType: string | null;
  images: MarkupImage[];
  isReady: boolean;
}

/** Decided: a PDF is an image-like markup whose `images` are its pages. */
export interface PdfMarkupResponse extends MarkupBaseResponse {
  type: 'pdf';
  originalMimeType: string | null;
  images: MarkupImage[];
  /** Known once conversion has counted the pages; null before. */
  pageCount: number | null;
  isReady: boolean;
}

export interface VideoMarkupResponse extends MarkupBaseResponse {
  type: 'video';
  originalMimeType: string | null;
  video: MarkupVideo | null;
  isReady: boolean;
}

export type MarkupResponse = WebpageMarkupResponse | ImageMarkupResponse | PdfMarkupResponse | VideoMarkupResponse;

/** GET /markups/search → `data`. */
export interface MarkupSearchResponse {
  data: MarkupResponse[];
}

/** GET /markups → `data`: newest first; cursors are opaque. */
export interface MarkupListResponse {
  data: MarkupResponse[];
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Extension: POST /markups/:id/reviews. */
export interface CreateProjectReviewRequest {
  comment: string;
}

export interface TaggableTagsResponse {
  id: string;
  name: string;
  email: string | null;
  avatarUrl?: string | null;
}

export interface TaggedUserTagResponse {
  id: string;
  name: string;
  email: string;
}

export interface ProjectMessageTagsResponse {
  taggable: TaggableTagsResponse[];
  tagged: TaggedUserTagResponse[];
}

/** Decided shape of GET /markups/:id/view-modes. */
export interface ViewMode {
  id: string;
  category: ViewModeCategory;
  name: string;
  /** Inclusive viewport width bounds in CSS px; maxWidth null = unbounded. */
  minWidth: number;
  maxWidth: number | null;
  threadCount: number;
}

export interface ViewModesResponse {
  viewModes: ViewMode[];
}

// ---------------------------------------------------------------- Items: folders and markups (§2.2, §4.5)

export const FOLDER_ITEM_ORDERS = ['az', 'za', 'activity', 'created'] as const;
export type FolderItemOrder = (typeof FOLDER_ITEM_ORDERS)[number];
/** root and archive exist once per workspace (WorkspaceResponse.rootFolderId / archiveFolderId). */
export type FolderKind = 'root' | 'archive' | 'folder';

/** Decided: a folder as item reads show it. `type: 'folder'` never collides with a ProjectType. */
export interface FolderItemResponse {
  itemType: 'folder';
  id: string;
  type: 'folder';
  kind: FolderKind;
  name: string;
  fallbackName: string | null;
  /** null for the root and the archive folder. */
  parentFolderId: string | null;
  workspaceId: string;
  createdAt: Iso8601;
  modifiedAt: Iso8601;
}

export interface FolderAncestor {
  id: string;
  name: string;
  kind: FolderKind;
}

/** Decided: GET /items/:id of a folder; `ancestors` runs from the root (or archive) folder down to the parent. */
export interface FolderWithAncestorsResponse extends FolderItemResponse {
  ancestors: FolderAncestor[];
}

/** Decided: a markup as item reads show it — the §2.1 shape plus the item discriminator and its folder. */
export type MarkupItemResponse = MarkupResponse & { itemType: 'markup'; parentFolderId: string };

export type ItemResponse = FolderWithAncestorsResponse | MarkupItemResponse;

/** Decided: GET /items/:id/items (the sample's 204 cannot list). Folders come before markups. */
export interface ListFolderItemsResponse {
  data: Array<FolderItemResponse | MarkupItemResponse>;
  /** More items follow in the direction of travel (after the page; before it for `before`). */
  hasMore: boolean;
  /** Pass as `since` for the page after this one; null when nothing follows. */
  nextCursor: string | null;
  /** Pass as `before` for the page before this one; null when nothing precedes. */
  prevCursor: string | null;
  /** Items in the folder (all pages). */
  total: number;
}

export interface CreateFolderRequest {
  parentFolderId: string;
  name: string;
  fallbackName?: string;
}

export interface RenameItemRequest {
  name: string;
}

export interface MoveFolderItemsRequest {
  folderItemIds: string[];
  withPath?: '0' | '1';
}

// ---------------------------------------------------------------- Workspace

export interface WorkspaceResponse {
  id: string;
  name: string;
  rootFolderId: string;
  archiveFolderId: string;
}

// ---------------------------------------------------------------- Authentication

export interface FeedbackMarkupRole {
  slug: 'reviewer' | 'admin' | string;
  name: string;
  /** Markup scopes this role grants (see MarkupScope). */
  scopes: string[];
}

export interface ExchangeRequest {
  token: string;
}

export interface ExchangeTokenResponse {
  exchangeToken: string;
  expiresAt: Iso8601;
  workspaceId: string;
  userId: string;
  markupRole: FeedbackMarkupRole;
}

export interface SdkExchangeRequest {
  publicKey: string;
  markupId: string;
  sdkOrigin: string;
  state?: string;
}

export interface SdkExchangeResponse extends ExchangeTokenResponse {
  validatedSdkOrigin: string;
  name: string;
}

export interface SdkExchangeResultQuery {
  state: string;
  publicKey: string;
  markupId: string;
}

export interface AuthConfigResponse {
  installationId: string;
  expectedAud: string;
  expectedIss: string;
  /** Decided extras. */
  signingAlgorithms?: string[];
  rateLimits?: { exchangePerMinute: number };
}

/**
 * The message the sign-in popup posts to its opener once the SDK session is minted.
 * It carries no token: the widget reads the result once through GET /auth/sdk-exchange/result.
 */
export interface SignInDoneMessage {
  type: 'pinmark:sdk-signed-in';
  state: string;
}

export interface SignInFailedMessage {
  type: 'pinmark:sdk-sign-in-failed';
  state: string;
  message: string;
}

// ---------------------------------------------------------------- Uploads and screenshots

export const UPLOAD_RESOURCE_TYPES = [
  'message_attachment',
  'thread_screenshot',
  'thread_snapshot',
  'markup_asset',
  'user_avatar',
  'external_user_avatar',
  'workspace_icon',
] as const;
export type UploadResourceType = (typeof UPLOAD_RESOURCE_TYPES)[number];

/**
 * Decided: an S3-style presigned POST. Send a multipart/form-data POST to `url` with every entry of
 * `fields` (in order) and then the file as the field `file`; success is 204 with an `ETag` header.
 */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface UploadPolicyRequest {
  resourceType: UploadResourceType;
  /** Decided: the thread for a reply's attachment, the markup for a new thread's. */
  resourceId: string;
  filename: string;
  contentType: string;
  filesize: number;
}

export interface UploadPolicyResponse {
  fileId: string;
  key: string;
  bucket: string;
  policy: PresignedPost;
  metadata: Record<string, string>;
}

export interface UploadCompleteRequest {
  fileId: string;
  etag: string;
  resourceType?: UploadResourceType;
  resourceId?: string;
  key?: string;
}

/** Decided: what upload-complete returns; `fileId` is what a message's `attachments` carry. */
export interface UploadCompleteResponse {
  fileId: string;
  key: string;
  etag: string;
  mimeType: string;
  originalFilename: string;
  filesize: number;
  /** A signed read address that expires (see `expiresAt`). */
  url: string;
  expiresAt: Iso8601;
}

export interface ScreenshotUploadPolicyQuery {
  fileId: string;
  filesize: number;
  filename: string;
  mimeType: string;
}

export interface ScreenshotUploadPolicyResponse {
  key: string;
  policy: PresignedPost;
  bucket: string;
  metadata: Record<string, string>;
}

export interface PutScreenshotRequest {
  key: string;
  etag: string;
  mimeType: string;
  width: number;
  height: number;
  filesize: number;
  originalFilename?: string;
  fileId: string;
  /** Decided extra: how the image was made; the server assumes `static` (rendered from the DOM). */
  type?: ScreenshotType;
}

export type ScreenshotType = 'extension' | 'native' | 'static';

export interface ScreenshotResponse {
  id: string;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  mimeType: string;
  width: number;
  height: number;
  filesize: number;
  type: ScreenshotType;
  isProcessing: boolean;
  /** Decided extras: a signed read address of the image and when it stops working. */
  url?: string;
  expiresAt?: Iso8601;
}

/** Decided: the canvas description a thread's `annotations` carry (CanvasThreadAnnotationRequest + shapes). */
export interface CanvasAnnotations {
  version: string;
  /** Image pixels per CSS pixel of the captured viewport (the capture's device pixel ratio). */
  scale: number;
  /** Size of the unannotated screenshot, in image pixels. */
  originalWidth: number;
  originalHeight: number;
  /** Shapes in CSS pixels of the viewport (multiply by `scale` for image pixels). */
  shapes: AnnotationShape[];
}

export type AnnotationShape =
  | { type: 'box'; x: number; y: number; width: number; height: number; color: string }
  | { type: 'hide'; x: number; y: number; width: number; height: number }
  | { type: 'arrow'; x1: number; y1: number; x2: number; y2: number; color: string }
  | { type: 'pen'; points: [number, number][]; color: string }
  | { type: 'text'; x: number; y: number; text: string; color: string; size: number };

// ---------------------------------------------------------------- Webhook registrations and events (§2.7, §4.10, §6)

/**
 * §2.7's WebhookEventType plus `markup_ready`, which §6 names but the list leaves out (decided: it
 * can be subscribed to like the others).
 */
export const WEBHOOK_EVENT_TYPES = [
  'comment_created',
  'comment_updated',
  'comment_resolved',
  'comment_unresolved',
  'markup_created',
  'comment_reply_created',
  'markup_status_changed',
  'set_project_read_only',
  'project_review_created',
  'markup_ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookRegistrationResponse {
  id: string;
  createdAt: Iso8601;
  modifiedAt: Iso8601;
  deletedAt: Iso8601 | null;
  url: string;
  workspaceId: string;
  /** Decided: `[]` means every event type, including ones added later. */
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Standard Webhooks secret, `whsec_` + base64 of 32 random bytes. */
  signingKey: string;
}

export interface CreateWebhookRegistrationRequest {
  url: string;
  workspaceId: string;
  eventTypes?: WebhookEventType[];
  enabled: boolean;
}

export interface UpdateWebhookRegistrationRequest {
  url: string;
  /** Decided: omitted leaves the list unchanged. */
  eventTypes?: WebhookEventType[];
  enabled: boolean;
}

export interface ListWebhookRegistrationsResponse {
  data: WebhookRegistrationResponse[];
}

/** Decided: a person as events show them (the thread and message authors, whoever acted). */
export interface WebhookUser {
  id: string;
  name: string;
  email: string | null;
  guest: boolean;
}

export interface WebhookThread {
  id: string;
  projectId: string;
  number: number;
  resolved: boolean;
  url: string;
  canonicalUrl: string;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: WebhookUser;
}

export interface WebhookMessage {
  id: string;
  threadId: string;
  /** Plain text, as `MessageResponse.message`. */
  message: string;
  messageJson: Delta;
  mentionIds: string[];
  attachmentCount: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: WebhookUser;
}

export interface WebhookMarkup {
  id: string;
  workspaceId: string;
  type: string;
  name: string;
  url: string | null;
  readOnly: boolean;
  status: string;
}

/** `data` of comment_* events; `message` is absent for comment_resolved / comment_unresolved. */
export interface WebhookCommentData {
  markup: WebhookMarkup;
  thread: WebhookThread;
  message?: WebhookMessage;
  actor: WebhookUser;
}

/** `data` of markup and project events. */
export interface WebhookMarkupData {
  markup: WebhookMarkup;
  actor: WebhookUser | null;
  /** project_review_created only. */
  review?: ProjectReviewResponse;
}

/** Decided: the JSON body of every delivery (the Standard Webhooks recommended envelope). */
export interface WebhookEvent<T = WebhookCommentData | WebhookMarkupData> {
  /** Also the `webhook-id` header; the same on every retry. */
  id: string;
  type: WebhookEventType;
  /** When the operation happened. */
  timestamp: Iso8601;
  workspaceId: string;
  data: T;
}

// ---------------------------------------------------------------- Workspace and users (§4.6, §4.7)

/** Decided: GET/POST/PATCH /workspace answer the §2.5 fields plus the slug PATCH may set. */
export interface WorkspaceDetailsResponse extends WorkspaceResponse {
  /** null until set with PATCH /workspace. */
  slug: string | null;
  /** Extra, once an icon is set: a signed, expiring read URL of the workspace's icon (a completed workspace_icon upload). */
  iconUrl?: string;
}

export interface CreateWorkspaceRequest {
  name: string;
}

/** At least one of name and slug; organization keys also name the workspace (body or query). */
export interface UpdateWorkspaceRequest {
  name?: string;
  slug?: string;
  workspaceId?: string;
}

/** Decided: the full role set (§4.7 gives these as examples). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'contributor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** A member of the workspace (GET /users). Times are epoch ms, like users embedded in threads. */
export interface WorkspaceUserResponse {
  id: string;
  email: string | null;
  name: string;
  role: WorkspaceRole;
  avatarUrl: string | null;
  /** `idp`: signed in through an identity provider; `member`: joined by invitation. */
  kind: 'member' | 'idp';
  emailVerified: boolean;
  createdAt: number;
  modifiedAt: number;
}

/** An invitation not yet accepted. */
export interface WorkspaceInvitationResponse {
  id: string;
  email: string;
  message: string | null;
  invitedByUserId: string | null;
  createdAt: number;
}

/** Decided: GET /users answers 200 with members and pending invitations (the sample's 204 cannot list). */
export interface ListWorkspaceUsersResponse {
  users: WorkspaceUserResponse[];
  invitations: WorkspaceInvitationResponse[];
}

export interface InviteUsersRequest {
  emails: string[];
  message?: string;
}

export interface ChangeUserRoleRequest {
  role: WorkspaceRole;
}

export interface CreateExternalUserRequest {
  externalId: string;
  name?: string;
  email?: string;
  avatarUrl?: string;
  avatarFileId?: string;
}

/** Omitted fields stay; `null` clears email, avatarUrl or avatarFileId. */
export interface UpdateExternalUserRequest {
  name?: string;
  email?: string | null;
  avatarUrl?: string | null;
  avatarFileId?: string | null;
}

/** Decided: GET /users/external/:externalId answers 200 with this (the sample's 204 cannot read). */
export interface ExternalUserResponse {
  id: string;
  externalId: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  avatarFileId: string | null;
  createdAt: number;
  modifiedAt: number;
}

// ---- Product metrics (§2.10, §4.9; docs/api-decisions.md, "Product metrics") ----

/** Decided: one row per person with recorded activity in the range (API keys' service users are left out). */
export interface UserMetricsRow {
  userId: string;
  name: string;
  email: string | null;
  guest: boolean;
  commentsCreated: number;
  threadsCreated: number;
  repliesCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
  projectsCreated: number;
  lastActivity: Iso8601;
}

/** Decided: one row per markup (project) with recorded activity in the range or created in it. */
export interface ProjectMetricsRow {
  projectId: string;
  name: string;
  type: string;
  createdAt: Iso8601;
  deletedAt: Iso8601 | null;
  commentsCreated: number;
  threadsCreated: number;
  repliesCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
  activeUsers: number;
  lastActivity: Iso8601;
}

export interface MetricsPage<Row> {
  rows: Row[];
  totalRows: number;
}
export type UserMetricsPage = MetricsPage<UserMetricsRow>;
export type ProjectMetricsPage = MetricsPage<ProjectMetricsRow>;

export type UserMetricsSortBy = 'name' | 'commentsCreated' | 'threadsCreated' | 'repliesCreated' | 'threadsResolved' | 'threadsUnresolved' | 'projectsCreated' | 'lastActivity';
export type ProjectMetricsSortBy = 'name' | 'createdAt' | 'commentsCreated' | 'threadsCreated' | 'repliesCreated' | 'threadsResolved' | 'threadsUnresolved' | 'activeUsers' | 'lastActivity';
export type MetricsSortDirection = 'asc' | 'desc';

/** `lastActivity`: the latest recorded action in the range; null when there was none. */
export interface UserWorkspaceTotals {
  workspaceId: string;
  lastActivity: Iso8601 | null;
  activeUsers: number;
  projectsCreated: number;
  commentsCreated: number;
  threadsResolved: number;
}

export interface ProjectWorkspaceTotals {
  workspaceId: string;
  lastActivity: Iso8601 | null;
  commentsCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
}

/** Decided: figures are computed live, so `lastUpdated` is the time of the answer. */
export interface WorkspaceLastUpdatedResponse {
  workspaceId: string;
  lastUpdated: Iso8601;
  /** The latest recorded action of the workspace ever; null when there is none. */
  lastActivity: Iso8601 | null;
}
