/**
 * Jira Cloud through REST API v3: a thread becomes an issue (POST /rest/api/3/issue, the
 * description in Atlassian Document Format), replies become comments, resolving applies the first
 * transition into the "done" status category and reopening one into "new" (GET then POST
 * /issue/{key}/transitions). Basic auth with the account's e-mail and API token. Back: a Jira
 * webhook with a secret (X-Hub-Signature: sha256=…, HMAC over the raw body) for jira:issue_updated;
 * the status category decides closed or open; `timestamp` in the signed body orders changes.
 */
import { z } from 'zod';
import type { Connector, InboundResult, JobContext, JobResult, ThreadContent } from './connector.ts';
import { expectSuccess, PermanentFailure } from './http.ts';
import { threadFacts } from './format.ts';
import { parseJson, signatureMatches } from './signatures.ts';

export const jiraSettingsSchema = z.strictObject({
  siteUrl: z.url({ protocol: /^https?$/ }),
  projectKey: z.string().regex(/^[A-Z][A-Z0-9_]{0,49}$/, 'a Jira project key such as WEB'),
  issueType: z.string().trim().min(1).max(100).default('Task'),
});
export const jiraSecretsSchema = z.strictObject({
  email: z.email(),
  apiToken: z.string().trim().min(1).max(500),
  webhookSecret: z.string().min(16, 'at least 16 characters').max(200),
});
type Settings = z.infer<typeof jiraSettingsSchema>;
type Secrets = z.infer<typeof jiraSecretsSchema>;

type Inline = { type: 'text'; text: string; marks?: unknown[] };
const text = (value: string, href?: string): Inline =>
  href ? { type: 'text', text: value, marks: [{ type: 'link', attrs: { href } }] } : { type: 'text', text: value };
const paragraph = (...content: Inline[]) => ({ type: 'paragraph', content: content.filter((c) => c.text !== '') });
const doc = (...content: unknown[]) => ({ type: 'doc', version: 1, content });

/** The issue's description: the reporter's words, then one paragraph per fact (adf). */
export function issueDocument(thread: ThreadContent): unknown {
  const facts = threadFacts(thread).map((fact) => paragraph(text(`${fact.label}: `, undefined), text(fact.value, fact.href)));
  return doc(paragraph(text(thread.text || '(no text)')), paragraph(text(`Reported by ${thread.authorName} with Pinmark.`)), ...facts);
}

function api(settings: Settings, path: string): string {
  return `${settings.siteUrl.replace(/\/+$/, '')}/rest/api/3${path}`;
}

const headers = (secrets: Secrets) => ({
  authorization: `Basic ${Buffer.from(`${secrets.email}:${secrets.apiToken}`).toString('base64')}`,
});
const createdIssue = z.object({ id: z.string(), key: z.string() });
const transitions = z.object({
  transitions: z.array(z.object({ id: z.string(), to: z.object({ statusCategory: z.object({ key: z.string() }) }) })),
});

async function run(context: JobContext<Settings, Secrets>): Promise<JobResult> {
  const { settings, secrets, thread, link, send } = context;
  if (context.kind === 'test') {
    expectSuccess(await send({ method: 'GET', url: api(settings, '/myself'), headers: headers(secrets) }), 'Jira account');
    return { outcome: 'API token accepted' };
  }
  if (context.kind === 'thread_created') {
    if (link) return { outcome: `issue ${link.externalId} already exists` };
    const fields = {
      project: { key: settings.projectKey },
      summary: thread.title,
      issuetype: { name: settings.issueType },
      description: issueDocument(thread),
    };
    const answer = expectSuccess(
      await send({ method: 'POST', url: api(settings, '/issue'), headers: headers(secrets), json: { fields } }),
      'Creating the Jira issue',
    );
    const issue = createdIssue.parse(answer.json);
    const browse = `${settings.siteUrl.replace(/\/+$/, '')}/browse/${issue.key}`;
    return { outcome: `issue ${issue.key} created`, link: { externalId: issue.key, externalKey: issue.key, externalUrl: browse } };
  }
  if (!link) return { outcome: 'skipped: the thread has no issue' };
  const key = encodeURIComponent(link.externalId);
  if (context.kind === 'reply_created') {
    if (!context.message) return { outcome: 'skipped: the message was deleted' };
    const body = doc(
      paragraph(text(`${context.message.authorName} replied in `), text('Pinmark', thread.appLink), text(':')),
      paragraph(text(context.message.text || '(no text)')),
    );
    expectSuccess(
      await send({ method: 'POST', url: api(settings, `/issue/${key}/comment`), headers: headers(secrets), json: { body } }),
      'Commenting on the Jira issue',
    );
    return { outcome: `comment added to ${link.externalId}` };
  }
  const category = context.kind === 'thread_resolved' ? 'done' : 'new';
  const listed = transitions.parse(
    expectSuccess(
      await send({ method: 'GET', url: api(settings, `/issue/${key}/transitions`), headers: headers(secrets) }),
      'Reading Jira transitions',
    ).json,
  );
  const transition = listed.transitions.find((t) => t.to.statusCategory.key === category);
  if (!transition) throw new PermanentFailure(`Jira offers ${link.externalId} no transition into a "${category}" status`);
  expectSuccess(
    await send({
      method: 'POST',
      url: api(settings, `/issue/${key}/transitions`),
      headers: headers(secrets),
      json: { transition: { id: transition.id } },
    }),
    'Transitioning the Jira issue',
  );
  return { outcome: `${link.externalId} moved to ${category}` };
}

const issueUpdated = z.object({
  timestamp: z.number(),
  webhookEvent: z.string(),
  issue: z.object({ key: z.string(), fields: z.object({ status: z.object({ statusCategory: z.object({ key: z.string() }) }) }) }),
});

function inbound(request: Parameters<NonNullable<Connector['inbound']>>[0], secrets: Secrets): InboundResult {
  if (!signatureMatches(secrets.webhookSecret, request.rawBody, request.header('x-hub-signature'), 'sha256='))
    return { verified: false, reason: 'X-Hub-Signature is missing or does not sign this body with the webhook secret' };
  const event = issueUpdated.safeParse(parseJson(request.rawBody));
  const deliveryId =
    request.header('x-atlassian-webhook-identifier') ?? (event.success ? `${event.data.issue.key}:${event.data.timestamp}` : '');
  if (!deliveryId) return { verified: false, reason: 'X-Atlassian-Webhook-Identifier is missing' };
  if (!event.success || event.data.webhookEvent !== 'jira:issue_updated') return { verified: true, deliveryId };
  const closed = event.data.issue.fields.status.statusCategory.key === 'done';
  return {
    verified: true,
    deliveryId,
    change: { externalId: event.data.issue.key, state: closed ? 'closed' : 'open', at: event.data.timestamp },
  };
}

export const jiraConnector: Connector<Settings, Secrets> = {
  kind: 'jira',
  settingsSchema: jiraSettingsSchema as unknown as z.ZodType<Settings>,
  secretsSchema: jiraSecretsSchema,
  handles: () => true,
  run,
  inbound,
};
