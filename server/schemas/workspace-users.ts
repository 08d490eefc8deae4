/**
 * Request schemas of the workspace (§4.6) and users (§4.7) endpoints, with the rules recorded in
 * docs/api-decisions.md ("Workspace and users"): names, slugs, roles, e-mail addresses and the
 * external-user profile fields.
 */
import { z } from 'zod';
import { WORKSPACE_ROLES } from '../../src/api/wire.ts';

export const MAX_INVITES = 25;

/** Trimmed first, so "   " is refused as empty rather than stored as a blank name. */
const nameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters');

/** A DNS-label-like handle: it ends up in URLs, so one spelling only (no case folding on our side). */
export const slugSchema = z
  .string()
  .min(3, 'at least 3 characters')
  .max(63, 'at most 63 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens, not at either end');

/** Addresses are compared case-insensitively, so they are stored lowercased. */
const emailSchema = z
  .string()
  .trim()
  .max(254, 'at most 254 characters')
  .pipe(z.email('must be a valid e-mail address'))
  .transform((value) => value.toLowerCase());

const workspaceIdField = z.string().min(1, 'must not be empty').max(100);

export const workspaceIdQuerySchema = z.object({ workspaceId: workspaceIdField.optional() });

export const createWorkspaceSchema = z.object({ name: nameSchema });

export const updateWorkspaceSchema = z
  .object({ name: nameSchema.optional(), slug: slugSchema.optional(), workspaceId: workspaceIdField.optional() })
  .refine((body) => body.name !== undefined || body.slug !== undefined, { message: 'send at least one of name and slug', path: ['name'] });

/** DELETE may carry `{workspaceId}` in a body; nothing else is read from it. */
export const deleteWorkspaceSchema = z.object({ workspaceId: workspaceIdField.optional() });

export const inviteUsersSchema = z.object({
  emails: z.array(emailSchema).min(1, 'at least one address').max(MAX_INVITES, `at most ${MAX_INVITES} addresses`),
  message: z.string().max(2000, 'at most 2000 characters').optional(),
});

export const changeRoleSchema = z.object({
  role: z.enum(WORKSPACE_ROLES, `must be one of ${WORKSPACE_ROLES.join(', ')}`),
});

/**
 * Any id the customer's backend uses (no reserved prefixes): service users are keyed apart from
 * external ids (migration 0013), so no external id can name one.
 */
export const externalIdSchema = z.string().min(1, 'must not be empty').max(255, 'at most 255 characters');

const avatarUrlSchema = z
  .string()
  .max(2048, 'at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

const avatarFileIdSchema = z.uuid('must be the fileId of a completed upload');

const onlyOneAvatar = (body: { avatarUrl?: string | null | undefined; avatarFileId?: string | null | undefined }) =>
  !(typeof body.avatarUrl === 'string' && typeof body.avatarFileId === 'string');
const oneAvatarIssue = { message: 'send avatarUrl or avatarFileId, not both', path: ['avatarFileId'] };

export const createExternalUserSchema = z
  .object({
    externalId: externalIdSchema,
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    avatarUrl: avatarUrlSchema.optional(),
    avatarFileId: avatarFileIdSchema.optional(),
  })
  .refine(onlyOneAvatar, oneAvatarIssue);

/** Omitted: unchanged; `null` clears an optional field (the name cannot be cleared). */
export const updateExternalUserSchema = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.nullable().optional(),
    avatarUrl: avatarUrlSchema.nullable().optional(),
    avatarFileId: avatarFileIdSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'send at least one of name, email, avatarUrl, avatarFileId',
    path: ['name'],
  })
  .refine(onlyOneAvatar, oneAvatarIssue);

export type UpdateExternalUserInput = z.output<typeof updateExternalUserSchema>;
export type CreateExternalUserInput = z.output<typeof createExternalUserSchema>;
