/**
 * Wire types of markups (§2.1): the webpage, image, PDF and video variants, lists and search,
 * notes, reviews, mention tags and view modes.
 */
import type { EpochMs, Iso8601 } from './common';
import type { ViewModeCategory } from './threads';

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
  /**
   * Decided (issue 17): signed read URLs (expire) of WebP renditions made by conversion, null until
   * then (and for PDF pages past the 300th): a thumbnail fitting 400×300 and a preview fitting
   * 2048 px (PDF pages: drawn with the long edge at 1600 px), never enlarged; its size in pixels.
   */
  thumbnailUrl?: string | null;
  previewUrl?: string | null;
  previewWidth?: number | null;
  previewHeight?: number | null;
}

/** Decided: the video of a video markup; dimensions and duration null until conversion. */
export interface MarkupVideo {
  id: string;
  url: string | null;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** Decided (issue 17): the same duration in seconds, the unit of video threads' startTime/endTime. */
  duration?: number | null;
}

/**
 * Decided (issue 17): why a file markup is not ready. `unreadable`: the bytes are not the type they
 * claim (or are cut short); `too_large` / `too_many_pages`: past the PDF caps; `not_converted`: an
 * operational failure given up after the last attempt. `message` is one sentence for people; clients
 * may show their own words per code. Codes may be added: treat an unknown one as `not_converted`.
 */
export interface MarkupConversionError {
  code: 'unreadable' | 'too_large' | 'too_many_pages' | 'not_converted' | (string & {});
  message: string;
}

/** Decided (issue 17): a file markup's conversion while `isReady` is false; null once it is ready. */
export interface MarkupConversionState {
  /** `failed` is final: delete the markup and upload the file again. */
  status: 'pending' | 'failed';
  error: MarkupConversionError | null;
}

export interface ImageMarkupResponse extends MarkupBaseResponse {
  type: 'image';
  originalMimeType: string | null;
  images: MarkupImage[];
  isReady: boolean;
  /** Extra (issue 17): null once ready; absent from servers older than it. */
  conversion?: MarkupConversionState | null;
}

/** Decided: a PDF is an image-like markup whose `images` are its pages. */
export interface PdfMarkupResponse extends MarkupBaseResponse {
  type: 'pdf';
  originalMimeType: string | null;
  images: MarkupImage[];
  /** Known once conversion has counted the pages; null before. */
  pageCount: number | null;
  isReady: boolean;
  /** Extra (issue 17): null once ready; absent from servers older than it. */
  conversion?: MarkupConversionState | null;
}

export interface VideoMarkupResponse extends MarkupBaseResponse {
  type: 'video';
  originalMimeType: string | null;
  video: MarkupVideo | null;
  isReady: boolean;
  /** Extra (issue 17): null once ready; absent from servers older than it. */
  conversion?: MarkupConversionState | null;
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
