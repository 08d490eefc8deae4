/**
 * Wire types of threads: pinned elements, their parents and browser context, and the create, list,
 * resolve and move-pin shapes.
 */
import type { EpochMs } from './common';
import type { Delta } from './delta';
import type { AuthorUser, UserMetaData } from './users';
import type { MessageRequestAttachment, MessageResponse, VideoClipRequest } from './messages';
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

/** The widget's threads: webpage threads (the widget pins elements of pages). */
export type ThreadResponse = WebpageThreadResponse;

/** Decided (§2.3 "TextHighlightResponse": not shown): the highlight as it was sent (ThreadTextHighlightRequest). */
export interface TextHighlight {
  /** Where the selection starts and ends: a text item's key (the review app: `p<page>:<item index>` of pdf.js's text layer). */
  startKey: string;
  endKey: string;
  /** Index of the start/end text item in the page's text content, and the character offset inside it. */
  startIndex: number;
  startOffset: number;
  endIndex: number;
  endOffset: number;
  /** The selected text. */
  text: string;
}
export type ThreadTextHighlightRequest = TextHighlight;

/** The fields every thread variant shares (§2.3 common fields). */
export type ThreadCommonResponse = Pick<
  WebpageThreadResponse,
  | 'id'
  | 'createdAt'
  | 'modifiedAt'
  | 'scopes'
  | 'assignedRoleSlugs'
  | 'user'
  | 'number'
  | 'resolved'
  | 'messages'
  | 'userMetaData'
  | 'lastActivityAt'
  | 'annotations'
  | 'projectId'
  | 'priority'
  | 'screenshot'
  | 'assigneeId'
  | 'labels'
>;

/** §2.3 image thread: a point in percent of one image of an image markup, or of a video's frame (with its time range). */
export interface ImageThreadResponse extends ThreadCommonResponse {
  /** Decided: present on file threads, so clients can tell the variants apart. */
  isImageThread: true;
  /** The MarkupImage (or MarkupVideo) the pin is on. */
  projectImageId: string;
  offsetXPercentage: number;
  offsetYPercentage: number;
  /** Seconds from the video's start; null on images. */
  startTime: number | null;
  endTime: number | null;
  /** Decided extras: the size (px) the client showed the image at when pinning, as sent; null when not sent. */
  width: number | null;
  height: number | null;
}

/** §2.3 PDF thread: a point in percent of one page, optionally a highlighted text. */
export interface PdfThreadResponse extends ThreadCommonResponse {
  isImageThread: true;
  /** The page's MarkupImage. */
  projectImageId: string;
  /** 1-based. */
  pageNumber: number;
  offsetXPercentage: number;
  offsetYPercentage: number;
  textHighlight: TextHighlight | null;
  width: number | null;
  height: number | null;
}

/** Every variant the API answers (GET /threads on any markup). */
export type AnyThreadResponse = WebpageThreadResponse | ImageThreadResponse | PdfThreadResponse;

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
  clipVideos?: VideoClipRequest[];
  width?: number;
  height?: number;
  annotations?: Record<string, unknown>;
  textHighlight?: ThreadTextHighlightRequest;
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

export interface ListThreadsResponse<T = ThreadResponse> {
  threads: T[];
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

/** §2.3 short image thread (move-pin on an image or video thread). */
export interface ShortImageThread {
  id: string;
  userId: string;
  projectId: string;
  number: number;
  resolved: boolean;
  projectImageId: string;
  offsetXPercentage: number;
  offsetYPercentage: number;
  startTime: number | null;
  endTime: number | null;
}

/** §2.3 short PDF thread; decided: `pageRelativeX`/`Y` are the same percentages of the page as `offsetXPercentage`/`Y`. */
export interface ShortPdfThread {
  id: string;
  userId: string;
  projectId: string;
  number: number;
  resolved: boolean;
  pageNumber: number;
  pageRelativeX: number;
  pageRelativeY: number;
}

/** Decided: the move-pin body of an image, video or PDF thread (the spec's MovePinRequest is the webpage one). */
export interface MoveFilePinRequest {
  projectImageId?: string;
  pageNumber?: number;
  offsetXPercentage: number;
  offsetYPercentage: number;
  startTime?: number;
  endTime?: number | null;
  textHighlight?: TextHighlight | null;
}
