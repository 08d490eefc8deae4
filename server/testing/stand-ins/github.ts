/**
 * A stand-in for GitHub's REST API (issues) and its `issues` webhook. Every request is checked
 * against GitHub's published OpenAPI description (@octokit/openapi, openapi-check.ts) and must
 * carry the token; what the description does not allow is answered 422 and kept in `violations`,
 * so a test fails on any request the real API would refuse. Issues live in memory. `closeIssue`
 * plays a person closing the issue on github.com: GitHub then POSTs the signed webhook.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { checkRequest, githubRestDescription } from './openapi-check.ts';
import { serve, type StandInAnswer, type StandInRequest } from './serve.ts';

export interface StandInIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  comments: string[];
  updated_at: string;
}

export interface GithubStandIn {
  /** The API base (settings.apiUrl). */
  url: string;
  owner: string;
  repo: string;
  token: string;
  issues: Map<number, StandInIssue>;
  requests: { method: string; path: string; operationId?: string }[];
  violations: string[];
  /** Answer the next `count` requests with `status` (an outage). */
  failNext(count: number, status: number): void;
  /** The webhook GitHub sends when the issue is closed or reopened, signed with `secret`. */
  webhook(number: number, action: 'closed' | 'reopened', secret: string): { headers: Record<string, string>; body: string };
  /** Close (or reopen) the issue as a person on github.com, and deliver the signed webhook to `target`. */
  setIssueState(
    number: number,
    action: 'closed' | 'reopened',
    target: { url: string; secret: string },
  ): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startGithubStandIn(options: { owner?: string; repo?: string; token?: string } = {}): Promise<GithubStandIn> {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'website';
  const token = options.token ?? `ghp_${randomUUID().replace(/-/g, '')}`;
  const description = githubRestDescription();
  const issues = new Map<number, StandInIssue>();
  const requests: GithubStandIn['requests'] = [];
  const violations: string[] = [];
  let failing = { count: 0, status: 503 };
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const tick = () => new Date((clock += 1000)).toISOString();
  let base = '';

  const issueJson = (issue: StandInIssue) => ({
    id: 1000 + issue.number,
    node_id: `I_${issue.number}`,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    state_reason: issue.state_reason,
    html_url: `https://github.com/${owner}/${repo}/issues/${issue.number}`,
    url: `${base}/repos/${owner}/${repo}/issues/${issue.number}`,
    comments: issue.comments.length,
    updated_at: issue.updated_at,
  });

  function handle(request: StandInRequest): StandInAnswer {
    if (failing.count > 0) {
      failing.count--;
      return { status: failing.status, json: { message: 'Service unavailable (stand-in outage)' } };
    }
    if (request.jsonError) return { status: 400, json: { message: `Problems parsing JSON: ${request.jsonError}` } };
    const checked = checkRequest(description, request.method, request.path, request.json);
    requests.push({ method: request.method, path: request.path, ...(checked.ok ? { operationId: checked.operation.operationId } : {}) });
    if (!checked.ok) {
      violations.push(`${request.method} ${request.path}: ${checked.errors.join('; ')}`);
      return { status: 422, json: { message: 'Validation Failed', errors: checked.errors } };
    }
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, json: { message: 'Bad credentials' } };
    const { operationId, params } = checked.operation;
    if (params.owner !== owner || params.repo !== repo) return { status: 404, json: { message: 'Not Found' } };
    const body = (request.json ?? {}) as Record<string, unknown>;
    if (operationId === 'repos/get')
      return { status: 200, json: { id: 1, name: repo, full_name: `${owner}/${repo}`, owner: { login: owner } } };
    if (operationId === 'issues/create') {
      const issue: StandInIssue = {
        number: issues.size + 1,
        title: String(body.title),
        body: typeof body.body === 'string' ? body.body : '',
        state: 'open',
        state_reason: null,
        comments: [],
        updated_at: tick(),
      };
      issues.set(issue.number, issue);
      return { status: 201, json: issueJson(issue) };
    }
    const issue = issues.get(Number(params.issue_number));
    if (!issue) return { status: 404, json: { message: 'Not Found' } };
    if (operationId === 'issues/create-comment') {
      issue.comments.push(String(body.body));
      issue.updated_at = tick();
      return { status: 201, json: { id: issue.comments.length, body: body.body, html_url: `${issueJson(issue).html_url}#comment` } };
    }
    if (operationId === 'issues/update') {
      if (body.state === 'open' || body.state === 'closed') issue.state = body.state;
      if (body.state_reason !== undefined) issue.state_reason = (body.state_reason as string | null) ?? null;
      issue.updated_at = tick();
      return { status: 200, json: issueJson(issue) };
    }
    return { status: 501, json: { message: `${operationId} is valid but not played by the stand-in` } };
  }

  const served = await serve(handle);
  base = served.url;

  function webhook(number: number, action: 'closed' | 'reopened', secret: string) {
    const issue = issues.get(number);
    if (!issue) throw new Error(`no issue #${number}`);
    const body = JSON.stringify({
      action,
      issue: { ...issueJson(issue), user: { login: 'octocat', id: 1 } },
      repository: { id: 1, name: repo, full_name: `${owner}/${repo}`, owner: { login: owner, id: 2 } },
      sender: { login: 'octocat', id: 1 },
    });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    return {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GitHub-Hookshot/stand-in',
        'x-github-event': 'issues',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': signature,
      },
      body,
    };
  }

  return {
    url: served.url,
    owner,
    repo,
    token,
    issues,
    requests,
    violations,
    failNext: (count, status) => {
      failing = { count, status };
    },
    webhook,
    async setIssueState(number, action, target) {
      const issue = issues.get(number);
      if (!issue) throw new Error(`no issue #${number}`);
      issue.state = action === 'closed' ? 'closed' : 'open';
      issue.updated_at = tick();
      const delivery = webhook(number, action, target.secret);
      const answer = await fetch(target.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
      return { status: answer.status, body: await answer.json().catch(() => undefined) };
    },
    close: served.close,
  };
}
