/**
 * A stand-in for Jira Cloud's REST API v3, for what the connector uses: create issue, add comment,
 * list and apply transitions, and myself. Checked by hand against Atlassian's documented shapes
 * (the description is published as a swagger file, not on npm): Basic auth with e-mail and API
 * token; `fields.project.key`, `fields.summary` (≤ 255), `fields.issuetype.name`; descriptions and
 * comment bodies as Atlassian Document Format (`{type: "doc", version: 1, content: [...]}` of
 * paragraphs of text nodes). Also builds Jira's signed issue_updated webhook.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { serve, type StandInAnswer, type StandInRequest } from './serve.ts';

export interface JiraStandIn {
  url: string;
  email: string;
  apiToken: string;
  projectKey: string;
  issues: Map<
    string,
    { key: string; summary: string; description: unknown; category: 'new' | 'indeterminate' | 'done'; comments: unknown[] }
  >;
  violations: string[];
  webhook(key: string, category: string, secret: string, at: number): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

function adfErrors(doc: unknown, at: string): string[] {
  const node = doc as { type?: unknown; version?: unknown; content?: unknown } | undefined;
  if (node?.type !== 'doc' || node.version !== 1 || !Array.isArray(node.content))
    return [`${at}: an ADF doc (type doc, version 1, content)`];
  const errors: string[] = [];
  node.content.forEach((block: { type?: unknown; content?: unknown }, i: number) => {
    if (block.type !== 'paragraph') errors.push(`${at}.content[${i}]: only paragraphs are sent`);
    if (!Array.isArray(block.content)) return;
    block.content.forEach((inline: { type?: unknown; text?: unknown }, j: number) => {
      if (inline.type !== 'text' || typeof inline.text !== 'string' || inline.text === '')
        errors.push(`${at}.content[${i}].content[${j}]: a non-empty text node`);
    });
  });
  return errors;
}

const TRANSITIONS = [
  { id: '11', name: 'To Do', to: { statusCategory: { key: 'new' } } },
  { id: '21', name: 'In Progress', to: { statusCategory: { key: 'indeterminate' } } },
  { id: '31', name: 'Done', to: { statusCategory: { key: 'done' } } },
];

export async function startJiraStandIn(): Promise<JiraStandIn> {
  const email = 'bot@example.com';
  const apiToken = `ATATT${randomUUID().replace(/-/g, '')}`;
  const projectKey = 'WEB';
  const issues: JiraStandIn['issues'] = new Map();
  const violations: string[] = [];
  const fail = (message: string): StandInAnswer => {
    violations.push(message);
    return { status: 400, json: { errorMessages: [message], errors: {} } };
  };

  function handle(request: StandInRequest): StandInAnswer {
    if (request.headers.authorization !== `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}`)
      return { status: 401, text: 'Unauthorized' };
    const body = (request.json ?? {}) as Record<string, any>;
    if (request.method === 'GET' && request.path === '/rest/api/3/myself')
      return { status: 200, json: { accountId: 'bot', emailAddress: email } };
    if (request.method === 'POST' && request.path === '/rest/api/3/issue') {
      const fields = body.fields ?? {};
      const errors = [
        ...(fields.project?.key === projectKey ? [] : ['fields.project.key: the project']),
        ...(typeof fields.summary === 'string' && fields.summary.length > 0 && fields.summary.length <= 255
          ? []
          : ['fields.summary: 1–255 characters']),
        ...(typeof fields.issuetype?.name === 'string' ? [] : ['fields.issuetype.name: required']),
        ...(fields.description === undefined ? [] : adfErrors(fields.description, 'fields.description')),
      ];
      if (errors.length > 0) return fail(errors.join('; '));
      const key = `${projectKey}-${issues.size + 1}`;
      issues.set(key, { key, summary: fields.summary, description: fields.description, category: 'new', comments: [] });
      return { status: 201, json: { id: String(10000 + issues.size), key, self: `${request.headers.host}/rest/api/3/issue/${key}` } };
    }
    const match = /^\/rest\/api\/3\/issue\/([^/]+)\/(comment|transitions)$/.exec(request.path);
    const issue = match ? issues.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !issue)
      return { status: 404, json: { errorMessages: ['Issue does not exist or you do not have permission to see it.'] } };
    if (match[2] === 'comment' && request.method === 'POST') {
      const errors = adfErrors(body.body, 'body');
      if (errors.length > 0) return fail(errors.join('; '));
      issue.comments.push(body.body);
      return { status: 201, json: { id: String(issue.comments.length) } };
    }
    if (match[2] === 'transitions' && request.method === 'GET') return { status: 200, json: { transitions: TRANSITIONS } };
    if (match[2] === 'transitions' && request.method === 'POST') {
      const transition = TRANSITIONS.find((t) => t.id === body.transition?.id);
      if (!transition) return fail('transition.id: not a transition of this issue');
      issue.category = transition.to.statusCategory.key as 'new' | 'indeterminate' | 'done';
      return { status: 204, text: '' };
    }
    return { status: 405, text: 'Method not allowed' };
  }

  const served = await serve(handle);
  return {
    url: served.url,
    email,
    apiToken,
    projectKey,
    issues,
    violations,
    webhook(key, category, secret, at) {
      const body = JSON.stringify({
        timestamp: at,
        webhookEvent: 'jira:issue_updated',
        issue: { key, fields: { status: { statusCategory: { key: category } } } },
      });
      return {
        headers: {
          'content-type': 'application/json',
          'x-atlassian-webhook-identifier': randomUUID(),
          'x-hub-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        },
        body,
      };
    },
    close: served.close,
  };
}
