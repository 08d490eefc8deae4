/**
 * The bodies of the integration endpoints (docs/api-decisions.md, "Integrations"). Creating names
 * the kind and brings that kind's settings and secrets (each connector's own schema); changing may
 * leave secrets out (kept) or give only some of them (the rest kept), so a member never has to
 * type a token again to rename an integration.
 */
import { z } from 'zod';
import { githubSecretsSchema, githubSettingsSchema } from './github.ts';
import { jiraSecretsSchema, jiraSettingsSchema } from './jira.ts';
import { linearSecretsSchema, linearSettingsSchema } from './linear.ts';
import { slackSecretsSchema, slackSettingsSchema } from './slack.ts';

const name = z.string().trim().min(1).max(100).optional();

/**
 * The envelope of a new integration; `settings` and `secrets` are then checked against the kind's
 * own schemas (kindInput), so the JSON Schema of the body stays one object.
 */
export const createIntegrationSchema = z.strictObject({
  kind: z.enum(['slack', 'github', 'linear', 'jira']),
  name,
  settings: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "The kind's settings: GitHub {owner, repo, apiUrl?}; Linear {teamId, apiUrl?}; Jira {siteUrl, projectKey, issueType?}; Slack {}.",
    ),
  secrets: z
    .record(z.string(), z.string())
    .describe('GitHub {token, webhookSecret}; Linear {apiKey, webhookSecret}; Jira {email, apiToken, webhookSecret}; Slack {webhookUrl}.'),
});

const KIND_SCHEMAS = {
  slack: { settings: slackSettingsSchema, secrets: slackSecretsSchema },
  github: { settings: githubSettingsSchema, secrets: githubSecretsSchema },
  linear: { settings: linearSettingsSchema, secrets: linearSecretsSchema },
  jira: { settings: jiraSettingsSchema, secrets: jiraSecretsSchema },
} as const;

/** The settings and secrets checked against the kind's schemas, or the problems with their paths (`settings.owner`). */
export function kindInput(
  kind: keyof typeof KIND_SCHEMAS,
  input: { settings?: unknown; secrets?: unknown },
): { ok: true; settings: object; secrets: object } | { ok: false; issues: { path: string; message: string }[] } {
  const schemas = KIND_SCHEMAS[kind];
  const settings = schemas.settings.safeParse(input.settings ?? {});
  const secrets = schemas.secrets.safeParse(input.secrets);
  const issues = [
    ...(settings.success
      ? []
      : settings.error.issues.map((i) => ({ path: ['settings', ...i.path.map(String)].join('.'), message: i.message }))),
    ...(secrets.success
      ? []
      : secrets.error.issues.map((i) => ({ path: ['secrets', ...i.path.map(String)].join('.'), message: i.message }))),
  ];
  if (!settings.success || !secrets.success) return { ok: false, issues };
  return { ok: true, settings: settings.data, secrets: secrets.data };
}

export const updateIntegrationSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    enabled: z.boolean().optional(),
    /** Replaces the settings (checked against the kind's schema). */
    settings: z.record(z.string(), z.unknown()).optional(),
    /** Merged over the stored secrets (checked against the kind's schema). */
    secrets: z.record(z.string(), z.string()).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change: give name, enabled, settings or secrets' });

export const DEFAULT_NAMES = { slack: 'Slack', github: 'GitHub', linear: 'Linear', jira: 'Jira' } as const;
