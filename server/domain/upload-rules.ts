/**
 * What may be uploaded for each UploadResourceType (the spec leaves it open, §8): the largest
 * size, the accepted content types, how long a policy and a read URL last, and the shape of the
 * storage key. One table, so the policy endpoint, the screenshot endpoints and the docs agree; and
 * the limits of a multipart markup upload (POST /markups/file).
 * SVG is accepted nowhere: it is a document that can run script, not an image.
 */
import type { UploadResourceType } from '../../src/api/wire.ts';
import { ApiError } from './errors.ts';

const MB = 1024 * 1024;
const RASTER = ['image/png', 'image/jpeg', 'image/webp'] as const;
const IMAGES = [...RASTER, 'image/gif'] as const;
const VIDEO = ['video/mp4', 'video/webm'] as const;

export interface UploadRule {
  maxBytes: number;
  types: readonly string[];
}

export const UPLOAD_RULES: Record<UploadResourceType, UploadRule> = {
  message_attachment: {
    maxBytes: 25 * MB,
    types: [...IMAGES, 'application/pdf', 'text/plain', 'text/csv', 'application/json', 'application/zip', ...VIDEO],
  },
  thread_screenshot: { maxBytes: 10 * MB, types: RASTER },
  thread_snapshot: { maxBytes: 10 * MB, types: RASTER },
  markup_asset: { maxBytes: 100 * MB, types: [...IMAGES, 'application/pdf', ...VIDEO] },
  user_avatar: { maxBytes: 2 * MB, types: RASTER },
  external_user_avatar: { maxBytes: 2 * MB, types: RASTER },
  workspace_icon: { maxBytes: 2 * MB, types: RASTER },
};

/** An upload policy is valid this long (the upload must start before it ends). */
export const UPLOAD_POLICY_SECONDS = 15 * 60;
/** Signed read URLs are valid at least this long… */
export const READ_URL_MIN_SECONDS = 60 * 60;
/** …and signed as of the start of a window this long, so a URL stays the same (and cacheable) within it. */
export const READ_URL_WINDOW_SECONDS = 10 * 60;
/** Attachments per message (the widget attaches a screenshot-free diagnostics file and a few images). */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

/** `Image/PNG; charset=x` → `image/png`: the media type without parameters, lower-case. */
export function normalizeContentType(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** 415 `unsupported_media_type` or 413 `payload_too_large` unless this upload fits the rule. */
export function checkUploadAllowed(resourceType: UploadResourceType, contentType: string, filesize: number): void {
  const rule = UPLOAD_RULES[resourceType];
  if (!rule.types.includes(contentType)) {
    throw new ApiError(415, 'unsupported_media_type', `${resourceType} accepts ${rule.types.join(', ')} (got "${contentType}")`, [
      { path: 'contentType', message: `one of ${rule.types.join(', ')}` },
    ]);
  }
  if (filesize > rule.maxBytes) {
    throw new ApiError(413, 'payload_too_large', `${resourceType} files may be at most ${rule.maxBytes / MB} MB (got ${filesize} bytes)`, [
      { path: 'filesize', message: `at most ${rule.maxBytes} bytes` },
    ]);
  }
}

/** A file name safe in a storage key and a URL: ASCII letters, digits, `.`, `_`, `-`; at most 100 characters. */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const ascii = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let safe = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-+(?=\.)|(?<=\.)-+/g, '')
    .replace(/-+$/g, '');
  // No hidden files, and a name left without a stem ("日本語.png" → ".png") gets one.
  if (safe.startsWith('.')) safe = /^\.[A-Za-z0-9]{1,10}$/.test(safe) ? `file${safe}` : safe.replace(/^[-.]+/, '');
  if (safe.length > 100) {
    const dot = safe.lastIndexOf('.');
    const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = safe.slice(0, 100 - ext.length) + ext;
  }
  return safe || 'file';
}

/** `ws/<workspaceId>/<resourceType>/<fileId>/<safe filename>` */
export function uploadKey(workspaceId: string, resourceType: UploadResourceType, fileId: string, filename: string): string {
  return `ws/${workspaceId}/${resourceType}/${fileId}/${safeFilename(filename)}`;
}

/** Whether a file of this type is shown inline (a raster image) rather than downloaded. */
export function isInlineImage(contentType: string): boolean {
  return (IMAGES as readonly string[]).includes(normalizeContentType(contentType));
}

/** §8: the whole multipart body; larger files go through POST /markups/objectstore. */
export const MARKUP_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Images of one image markup per request. */
export const MAX_FILES_PER_MARKUP = 20;
