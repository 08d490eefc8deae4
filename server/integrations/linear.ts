/**
 * Linear through its GraphQL API (https://linear.app/developers): a thread becomes an issue
 * (`issueCreate` in the configured team), replies become comments (`commentCreate`), resolving
 * moves the issue to the team's first "completed" state and reopening to its first "unstarted"
 * one (`issueUpdate`). Back: Linear's webhook for Issue updates, verified by Linear-Signature
 * (HMAC-SHA256 hex of the raw body); `webhookTimestamp` in the signed body must be recent and
 * orders changes. The state's `type` (completed / canceled → closed, else open) is what counts.
 */
import { z } from 'zod';
import type { Connector, InboundResult, JobContext, JobResult } from './connector.ts';
import { expectSuccess, PermanentFailure } from './http.ts';
import { commentMarkdown, issueMarkdown } from './format.ts';
import { parseJson, signatureMatches } from './signatures.ts';

export const linearSettingsSchema = z.strictObject({
  teamId: z.string().trim().min(1).max(100),
  apiUrl: z.url({ protocol: /^https?$/ }).default('https://api.linear.app/graphql'),
});
export const linearSecretsSchema = z.strictObject({
  apiKey: z.string().trim().min(1).max(500),
  webhookSecret: z.string().min(16, 'at least 16 characters').max(200),
});
type Settings = z.infer<typeof linearSettingsSchema>;
type Secrets = z.infer<typeof linearSecretsSchema>;

/** Linear asks receivers to refuse deliveries older than a minute. */
const MAX_WEBHOOK_AGE_MS = 60_000;

async function graphql(context: JobContext<Settings, Secrets>, query: string, variables: Record<string, unknown>, what: string) {
  const answer = expectSuccess(
    await context.send({
      method: 'POST',
      url: context.settings.apiUrl,
      headers: { authorization: context.secrets.apiKey },
      json: { query, variables },
    }),
    what,
  );
  const body = answer.json as { data?: Record<string, unknown>; errors?: { message: string }[] } | undefined;
  if (body?.errors?.length) throw new PermanentFailure(`${what}: ${body.errors.map((e) => e.message).join('; ')}`);
  if (!body?.data) throw new Error(`${what}: no data in the answer`);
  return body.data;
}

const CREATE = `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier url } } }`;
const COMMENT = `mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success } }`;
const STATES = `query TeamStates($teamId: String!) { team(id: $teamId) { states { nodes { id type position } } } }`;
const UPDATE = `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }`;
const VIEWER = `query Viewer { viewer { id name } }`;

const created = z.object({ issueCreate: z.object({ issue: z.object({ id: z.string(), identifier: z.string(), url: z.string() }) }) });
const states = z.object({
  team: z.object({ states: z.object({ nodes: z.array(z.object({ id: z.string(), type: z.string(), position: z.number() })) }) }),
});

async function run(context: JobContext<Settings, Secrets>): Promise<JobResult> {
  const { thread, link } = context;
  if (context.kind === 'test') {
    await graphql(context, VIEWER, {}, 'Linear viewer');
    return { outcome: 'API key accepted' };
  }
  if (context.kind === 'thread_created') {
    if (link) return { outcome: `issue ${link.externalKey ?? link.externalId} already exists` };
    const data = created.parse(
      await graphql(
        context,
        CREATE,
        { input: { teamId: context.settings.teamId, title: thread.title, description: issueMarkdown(thread) } },
        'Creating the Linear issue',
      ),
    );
    const issue = data.issueCreate.issue;
    return {
      outcome: `issue ${issue.identifier} created`,
      link: { externalId: issue.id, externalKey: issue.identifier, externalUrl: issue.url },
    };
  }
  if (!link) return { outcome: 'skipped: the thread has no issue' };
  if (context.kind === 'reply_created') {
    if (!context.message) return { outcome: 'skipped: the message was deleted' };
    await graphql(
      context,
      COMMENT,
      { input: { issueId: link.externalId, body: commentMarkdown(context.message, thread) } },
      'Commenting on the Linear issue',
    );
    return { outcome: `comment added to ${link.externalKey ?? link.externalId}` };
  }
  const wanted = context.kind === 'thread_resolved' ? 'completed' : 'unstarted';
  const nodes = states.parse(await graphql(context, STATES, { teamId: context.settings.teamId }, 'Reading the Linear team states')).team
    .states.nodes;
  const state = nodes.filter((s) => s.type === wanted).sort((a, b) => a.position - b.position)[0];
  if (!state) throw new PermanentFailure(`The Linear team has no "${wanted}" state`);
  await graphql(context, UPDATE, { id: link.externalId, input: { stateId: state.id } }, 'Updating the Linear issue');
  return { outcome: `${link.externalKey ?? link.externalId} moved to ${wanted}` };
}

const issueEvent = z.object({
  type: z.string(),
  action: z.string(),
  webhookTimestamp: z.number(),
  data: z.object({ id: z.string(), state: z.object({ type: z.string() }).optional() }),
});

function inbound(
  request: Parameters<NonNullable<Connector['inbound']>>[0],
  secrets: Secrets,
  _settings: Settings,
  now: number,
): InboundResult {
  if (!signatureMatches(secrets.webhookSecret, request.rawBody, request.header('linear-signature')))
    return { verified: false, reason: 'Linear-Signature is missing or does not sign this body with the webhook secret' };
  const event = issueEvent.safeParse(parseJson(request.rawBody));
  if (!event.success) return { verified: false, reason: 'the body is not a Linear webhook (no webhookTimestamp)' };
  if (Math.abs(now - event.data.webhookTimestamp) > MAX_WEBHOOK_AGE_MS)
    return { verified: false, reason: 'webhookTimestamp is more than a minute away from now (a replay?)' };
  const deliveryId = request.header('linear-delivery') ?? `${event.data.data.id}:${event.data.webhookTimestamp}`;
  if (event.data.type !== 'Issue' || event.data.action !== 'update' || !event.data.data.state) return { verified: true, deliveryId };
  const closed = ['completed', 'canceled'].includes(event.data.data.state.type);
  return {
    verified: true,
    deliveryId,
    change: { externalId: event.data.data.id, state: closed ? 'closed' : 'open', at: event.data.webhookTimestamp },
  };
}

export const linearConnector: Connector<Settings, Secrets> = {
  kind: 'linear',
  settingsSchema: linearSettingsSchema as unknown as z.ZodType<Settings>,
  secretsSchema: linearSecretsSchema,
  handles: () => true,
  run,
  inbound,
};
