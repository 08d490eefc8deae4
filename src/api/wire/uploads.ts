/**
 * Wire types of uploads and screenshots: presigned upload policies, upload completion, thread
 * screenshots and the canvas annotations drawn on them.
 */
import type { EpochMs, Iso8601 } from './common';

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
