/**
 * The video clip request (§4.2/§4.3 `clipVideos`, its fields "not shown"; decided in
 * docs/api-decisions.md, "File markups"): a screen recording uploaded through the upload flow as a
 * `message_attachment` of type video/mp4 or video/webm, named by its fileId, with a title and the
 * recorded frame size.
 */
import { z } from 'zod';

export const MAX_CLIPS_PER_MESSAGE = 3;
const pixels = z.number().int('must be a whole number of pixels').min(1, 'at least 1 pixel').max(16_384, 'at most 16384 pixels');

export const clipVideoRequestSchema = z.object({
  fileId: z.string().min(1, 'must not be empty').max(200),
  title: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters').optional(),
  width: pixels,
  height: pixels,
});
export type ClipVideoRequest = z.output<typeof clipVideoRequestSchema>;

export const clipVideosSchema = z
  .array(clipVideoRequestSchema)
  .max(MAX_CLIPS_PER_MESSAGE, `at most ${MAX_CLIPS_PER_MESSAGE} clips per message`);
