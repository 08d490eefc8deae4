/**
 * Wire types of threads: pinned elements, their parents and browser context, and the create, list,
 * resolve and move-pin shapes.
 */
import type { EpochMs } from './common';
import type { Delta } from './delta';
import type { AuthorUser, UserMetaData } from './users';
import type { MessageRequestAttachment, MessageResponse } from './messages';
import type { ScreenshotResponse } from './uploads';

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
  /** Decided extras (issue 16, triage): the member it is assigned to, and its labels. */
  assigneeId?: string | null;
  labels?: string[];
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
