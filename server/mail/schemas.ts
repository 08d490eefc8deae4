/** The zod schemas of the e-mail notification endpoints (routes/mail.ts); shapes in mail/wire.ts. */
import { z } from 'zod';
import { intParam } from '../schemas/threads.ts';

export const notificationSettingsSchema = z.object({
  mentions: z.boolean(),
  assigned: z.boolean(),
  participating: z.boolean(),
  allThreads: z.boolean(),
});

export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'token is required').max(200, 'token is at most 200 characters'),
});

export const mailListQuerySchema = z.object({
  limit: intParam.pipe(z.number().min(1, 'between 1 and 100').max(100, 'between 1 and 100')).optional(),
});
