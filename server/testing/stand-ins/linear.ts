/**
 * A stand-in for Linear's GraphQL API, for the operations the connector uses: issueCreate,
 * commentCreate, issueUpdate, team states and viewer. Linear's schema is not on npm, so each
 * operation's variables are checked by hand against the input types of Linear's public schema
 * (IssueCreateInput: teamId required, title, description; CommentCreateInput: issueId, body;
 * IssueUpdateInput: stateId), unknown input fields refused. The API key goes in `Authorization`
 * as is (no Bearer), as Linear's personal keys do. Also builds Linear's signed Issue webhook.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { serve, type StandInAnswer, type StandInRequest } from './serve.ts';

export interface LinearStandIn {
  url: string;
  apiKey: string;
  teamId: string;
  issues: Map<string, { id: string; identifier: string; title: string; description: string; stateId: string; comments: string[] }>;
  violations: string[];
  states: { id: string; type: string; position: number }[];
  webhook(issueId: string, stateType: string, secret: string, at: number): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const INPUT_FIELDS: Record<string, { required: string[]; allowed: string[] }> = {
  IssueCreateInput: { required: ['teamId'], allowed: ['teamId', 'title', 'description', 'stateId', 'priority', 'labelIds'] },
  CommentCreateInput: { required: [], allowed: ['issueId', 'body'] },
  IssueUpdateInput: { required: [], allowed: ['stateId', 'title', 'description', 'priority'] },
};

function inputErrors(type: string, input: unknown): string[] {
  const spec = INPUT_FIELDS[type]!;
  if (!input || typeof input !== 'object') return [`${type}: an object`];
  const fields = input as Record<string, unknown>;
  return [
    ...spec.required.filter((name) => typeof fields[name] !== 'string').map((name) => `${type}.${name}: required String`),
    ...Object.keys(fields)
      .filter((name) => !spec.allowed.includes(name))
      .map((name) => `${type}.${name}: not a field of the input`),
    ...Object.entries(fields)
      .filter(([, value]) => typeof value !== 'string' && typeof value !== 'number')
      .map(([name]) => `${type}.${name}: a scalar`),
  ];
}

export async function startLinearStandIn(): Promise<LinearStandIn> {
  const apiKey = `lin_api_${randomUUID().replace(/-/g, '')}`;
  const teamId = randomUUID();
  const states = [
    { id: randomUUID(), type: 'unstarted', position: 1 },
    { id: randomUUID(), type: 'started', position: 2 },
    { id: randomUUID(), type: 'completed', position: 3 },
  ];
  const issues: LinearStandIn['issues'] = new Map();
  const violations: string[] = [];

  function handle(request: StandInRequest): StandInAnswer {
    if (request.method !== 'POST' || request.path !== '/graphql') return { status: 404, json: { errors: [{ message: 'Not found' }] } };
    if (request.headers.authorization !== apiKey) return { status: 401, json: { errors: [{ message: 'Authentication required' }] } };
    const { query, variables = {} } = (request.json ?? {}) as { query?: string; variables?: Record<string, unknown> };
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(query ?? '')?.[1];
    const fail = (message: string): StandInAnswer => {
      violations.push(message);
      return { status: 400, json: { errors: [{ message }] } };
    };
    if (operation === 'Viewer') return { status: 200, json: { data: { viewer: { id: 'user-1', name: 'Stand-in' } } } };
    if (operation === 'TeamStates') {
      if (variables.teamId !== teamId) return { status: 200, json: { errors: [{ message: 'Entity not found: Team' }] } };
      return { status: 200, json: { data: { team: { states: { nodes: states } } } } };
    }
    if (operation === 'IssueCreate') {
      const errors = inputErrors('IssueCreateInput', variables.input);
      if (errors.length > 0) return fail(errors.join('; '));
      const input = variables.input as Record<string, string>;
      if (input.teamId !== teamId) return { status: 200, json: { errors: [{ message: 'Entity not found: Team' }] } };
      const id = randomUUID();
      const identifier = `WEB-${issues.size + 1}`;
      issues.set(id, {
        id,
        identifier,
        title: input.title ?? '',
        description: input.description ?? '',
        stateId: states[0]!.id,
        comments: [],
      });
      return {
        status: 200,
        json: { data: { issueCreate: { success: true, issue: { id, identifier, url: `https://linear.app/acme/issue/${identifier}` } } } },
      };
    }
    if (operation === 'CommentCreate') {
      const errors = inputErrors('CommentCreateInput', variables.input);
      if (errors.length > 0) return fail(errors.join('; '));
      const input = variables.input as Record<string, string>;
      const issue = issues.get(input.issueId ?? '');
      if (!issue) return { status: 200, json: { errors: [{ message: 'Entity not found: Issue' }] } };
      issue.comments.push(input.body ?? '');
      return { status: 200, json: { data: { commentCreate: { success: true } } } };
    }
    if (operation === 'IssueUpdate') {
      const errors = inputErrors('IssueUpdateInput', variables.input);
      if (errors.length > 0 || typeof variables.id !== 'string') return fail([...errors, 'id: required String'].join('; '));
      const issue = issues.get(variables.id);
      if (!issue) return { status: 200, json: { errors: [{ message: 'Entity not found: Issue' }] } };
      const stateId = (variables.input as Record<string, string>).stateId;
      if (stateId) issue.stateId = stateId;
      return { status: 200, json: { data: { issueUpdate: { success: true } } } };
    }
    return fail(`operation ${operation ?? '(unnamed)'} is not played by the stand-in`);
  }

  const served = await serve(handle);
  return {
    url: `${served.url}/graphql`,
    apiKey,
    teamId,
    issues,
    violations,
    states,
    webhook(issueId, stateType, secret, at) {
      const body = JSON.stringify({
        action: 'update',
        type: 'Issue',
        webhookTimestamp: at,
        data: { id: issueId, state: { type: stateType } },
      });
      return {
        headers: {
          'content-type': 'application/json',
          'linear-delivery': randomUUID(),
          'linear-signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
        body,
      };
    },
    close: served.close,
  };
}
