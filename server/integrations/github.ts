/**
 * GitHub Issues: a thread becomes an issue (POST /repos/{owner}/{repo}/issues), each reply a comment
 * (POST …/issues/{n}/comments), resolving closes the issue and reopening reopens it (PATCH
 * …/issues/{n} with `state`). Back: GitHub's `issues` webhook (closed / reopened), verified by its
 * X-Hub-Signature-256 HMAC over the raw body with the secret the member chose; the issue's
 * `updated_at` in the signed body orders changes, so a replayed older delivery changes nothing.
 * Requests follow the REST API as described in @octokit/openapi (the stand-in checks them).
 */
import { z } from 'zod';
import type { Connector, InboundResult, JobContext, JobResult } from './connector.ts';
import { expectSuccess, type Answer } from './http.ts';
import { commentMarkdown, issueMarkdown } from './format.ts';
import { parseJson, signatureMatches } from './signatures.ts';

const name = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'letters, digits, ".", "-" or "_"');
export const githubSettingsSchema = z.strictObject({
  owner: name,
  repo: name,
  /** GitHub Enterprise Server, or the stand-in in tests. */
  apiUrl: z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
});
export const githubSecretsSchema = z.strictObject({
  token: z.string().trim().min(1).max(500),
  webhookSecret: z.string().min(16, 'at least 16 characters').max(200),
});
type Settings = z.infer<typeof githubSettingsSchema>;
type Secrets = z.infer<typeof githubSecretsSchema>;

function api(settings: Settings, path: string): string {
  return `${settings.apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(settings.owner)}/${encodeURIComponent(settings.repo)}${path}`;
}

function headers(secrets: Secrets): Record<string, string> {
  return { authorization: `Bearer ${secrets.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
}

const issueAnswer = z.object({ number: z.number().int(), html_url: z.string() });

async function run(context: JobContext<Settings, Secrets>): Promise<JobResult> {
  const { settings, secrets, thread, link, send } = context;
  if (context.kind === 'test') {
    const answer = expectSuccess(await send({ method: 'GET', url: api(settings, ''), headers: headers(secrets) }), 'GitHub repository');
    return { outcome: `repository ${(answer.json as { full_name?: string } | undefined)?.full_name ?? settings.repo} reachable` };
  }
  if (context.kind === 'thread_created') {
    if (link) return { outcome: `issue #${link.externalId} already exists` };
    const answer: Answer = expectSuccess(
      await send({
        method: 'POST',
        url: api(settings, '/issues'),
        headers: headers(secrets),
        json: { title: thread.title, body: issueMarkdown(thread) },
      }),
      'Creating the GitHub issue',
    );
    const issue = issueAnswer.parse(answer.json);
    return {
      outcome: `issue #${issue.number} created`,
      link: { externalId: String(issue.number), externalKey: `#${issue.number}`, externalUrl: issue.html_url },
    };
  }
  if (!link) return { outcome: 'skipped: the thread has no issue' };
  if (context.kind === 'reply_created') {
    if (!context.message) return { outcome: 'skipped: the message was deleted' };
    expectSuccess(
      await send({
        method: 'POST',
        url: api(settings, `/issues/${link.externalId}/comments`),
        headers: headers(secrets),
        json: { body: commentMarkdown(context.message, thread) },
      }),
      'Commenting on the GitHub issue',
    );
    return { outcome: `comment added to issue #${link.externalId}` };
  }
  const state = context.kind === 'thread_resolved' ? 'closed' : 'open';
  expectSuccess(
    await send({
      method: 'PATCH',
      url: api(settings, `/issues/${link.externalId}`),
      headers: headers(secrets),
      json: state === 'closed' ? { state, state_reason: 'completed' } : { state },
    }),
    `Setting the GitHub issue ${state}`,
  );
  return { outcome: `issue #${link.externalId} ${state === 'closed' ? 'closed' : 'reopened'}` };
}

const issuesEvent = z.object({
  action: z.string(),
  issue: z.object({ number: z.number().int(), state: z.string(), updated_at: z.string() }),
  repository: z.object({ name: z.string(), owner: z.object({ login: z.string() }) }),
});

function inbound(request: Parameters<NonNullable<Connector['inbound']>>[0], secrets: Secrets, settings: Settings): InboundResult {
  if (!signatureMatches(secrets.webhookSecret, request.rawBody, request.header('x-hub-signature-256'), 'sha256='))
    return { verified: false, reason: 'X-Hub-Signature-256 is missing or does not sign this body with the webhook secret' };
  const deliveryId = request.header('x-github-delivery') ?? '';
  if (!deliveryId) return { verified: false, reason: 'X-GitHub-Delivery is missing' };
  if (request.header('x-github-event') !== 'issues') return { verified: true, deliveryId };
  const event = issuesEvent.safeParse(parseJson(request.rawBody));
  if (!event.success || !['closed', 'reopened'].includes(event.data.action)) return { verified: true, deliveryId };
  const { repository, issue } = event.data;
  const sameRepo =
    repository.owner.login.toLowerCase() === settings.owner.toLowerCase() && repository.name.toLowerCase() === settings.repo.toLowerCase();
  if (!sameRepo) return { verified: true, deliveryId };
  return {
    verified: true,
    deliveryId,
    change: {
      externalId: String(issue.number),
      state: event.data.action === 'closed' ? 'closed' : 'open',
      at: Date.parse(issue.updated_at),
    },
  };
}

export const githubConnector: Connector<Settings, Secrets> = {
  kind: 'github',
  settingsSchema: githubSettingsSchema as unknown as z.ZodType<Settings>,
  secretsSchema: githubSecretsSchema,
  handles: () => true,
  run,
  inbound,
};
