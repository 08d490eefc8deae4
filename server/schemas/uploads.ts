/**
 * Request schemas of the upload endpoints (§4.8) and the thread screenshot endpoints (§4.2):
 * UploadPolicyRequest, UploadCompleteRequest, ScreenshotUploadPolicyQuery, PutScreenshotRequest.
 * Type and size limits per resource type are checked after the schema (server/domain/upload-rules.ts), so
 * they answer 415/413 rather than 422.
 */
import { z } from 'zod';
import { UPLOAD_RESOURCE_TYPES } from '../../src/api/wire.ts';

const resourceType = z.enum(UPLOAD_RESOURCE_TYPES, `must be one of ${UPLOAD_RESOURCE_TYPES.join(', ')}`);
// Printable text without control characters (it becomes a download name and a header value).
const filename = z
  .string()
  .trim()
  .min(1, 'required')
  .max(255, 'at most 255 characters')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters');
const contentType = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type like image/png');
/** Sizes above every rule still parse, so the limit check can answer 413 with the real limit. */
const filesize = z.number().int('must be a whole number of bytes').min(1, 'must be at least 1 byte').max(Number.MAX_SAFE_INTEGER);
const etag = z.string().trim().min(1, 'required').max(200);
const id = z.string().trim().min(1, 'required').max(200);

export const uploadPolicySchema = z.object({
  resourceType,
  resourceId: id,
  filename,
  contentType,
  filesize,
});
export type UploadPolicyInput = z.output<typeof uploadPolicySchema>;

export const uploadCompleteSchema = z.object({
  fileId: id,
  etag,
  resourceType: resourceType.optional(),
  resourceId: id.optional(),
  key: z.string().max(1024).optional(),
});
export type UploadCompleteInput = z.output<typeof uploadCompleteSchema>;

const intParam = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a positive integer')
  .transform(Number)
  .refine((n) => n >= 1, 'must be at least 1');

export const screenshotPolicyQuerySchema = z.object({
  fileId: z.uuid('must be a UUID (the client chooses the fileId)'),
  filesize: intParam,
  filename,
  mimeType: contentType,
});
export type ScreenshotPolicyQuery = z.output<typeof screenshotPolicyQuerySchema>;

const pixels = z.number().int('must be a whole number of pixels').min(1).max(32_768);

export const putScreenshotSchema = z.object({
  key: z.string().min(1, 'required').max(1024),
  etag,
  mimeType: contentType,
  width: pixels,
  height: pixels,
  filesize,
  originalFilename: filename.optional(),
  fileId: id,
  type: z.enum(['extension', 'native', 'static']).optional(),
});
export type PutScreenshotInput = z.output<typeof putScreenshotSchema>;
