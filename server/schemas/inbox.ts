/**
 * Request schemas of the review app's inbox and triage endpoints (issue 16), with the limits
 * recorded in docs/api-decisions.md ("Review app").
 */
import { z } from 'zod';
import { booleanParam, intParam, prioritySchema, viewModeIdSchema } from './threads.ts';

export const MAX_LABELS = 10;
export const MAX_LABEL_LENGTH = 40;

export const inboxQuerySchema = z
  .object({
    workspaceId: z.string().max(64).optional(),
    status: z.enum(['open', 'resolved', 'all'], 'must be open, resolved or all').optional(),
    markupId: z.string().max(64).optional(),
    url: z.string().min(1).max(2048).optional(),
    authorId: z.string().max(64).optional(),
    assignee: z.string().max(64).optional(),
    mentionsMe: booleanParam.optional(),
    unread: booleanParam.optional(),
    hasScreenshot: booleanParam.optional(),
    hasDiagnostics: booleanParam.optional(),
    device: viewModeIdSchema.optional(),
    label: z.string().trim().min(1).max(MAX_LABEL_LENGTH).optional(),
    from: intParam.optional(),
    to: intParam.optional(),
    q: z.string().max(500).optional(),
    cursorId: z.string().max(200).optional(),
    limit: intParam.pipe(z.number().min(1, 'between 1 and 100').max(100, 'between 1 and 100')).optional(),
  })
  .strict();
export type InboxInput = z.output<typeof inboxQuerySchema>;

const label = z
  .string()
  .trim()
  .min(1, 'a label must not be empty')
  .max(MAX_LABEL_LENGTH, `at most ${MAX_LABEL_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters');

export const triageSchema = z
  .object({
    assigneeId: z.string().max(64).nullable().optional(),
    priority: prioritySchema.nullable().optional(),
    labels: z.array(label).max(MAX_LABELS, `at most ${MAX_LABELS} labels`).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'send at least one of assigneeId, priority, labels');
export type TriageInput = z.output<typeof triageSchema>;

export const moveThreadSchema = z.object({ markupId: z.string().min(1, 'must not be empty').max(100, 'at most 100 characters') }).strict();
export type MoveThreadInput = z.output<typeof moveThreadSchema>;
