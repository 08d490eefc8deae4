/** Request schemas of the message endpoints (create = reply, update). */
import { z } from 'zod';
import { deltaSchema } from '../domain/delta.ts';
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../domain/upload-rules.ts';
import { attachmentRefSchema, prioritySchema } from './threads.ts';
import { clipVideosSchema } from './clip-videos.ts';

const messageFields = {
  content: z.string().max(20_000).optional(),
  mentionIds: z.array(z.string().max(200)).max(100).optional(),
  message: deltaSchema.optional(),
  attachments: z
    .array(attachmentRefSchema)
    .max(MAX_ATTACHMENTS_PER_MESSAGE, `at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`)
    .optional(),
  clipVideos: clipVideosSchema.optional(),
};

export const createMessageSchema = z.object(messageFields);
export type CreateMessageInput = z.output<typeof createMessageSchema>;

export const updateMessageSchema = z.object({ ...messageFields, priority: prioritySchema.nullable().optional() });
export type UpdateMessageInput = z.output<typeof updateMessageSchema>;
